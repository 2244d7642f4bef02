/// Small sets of very frequent characters per language, used only to judge how plausible
/// a candidate decoding is (see `EncodingScorer`). They need not be exact frequency lists:
/// a correct decoding of ordinary prose hits them often, a wrong one almost never.
enum CommonCharacters {
    /// Frequent Chinese characters, simplified and traditional forms.
    static let chinese: Set<UInt32> = scalars(simplified + traditional)
    /// Frequent kanji of Japanese prose (plus `chinese`, which is also consulted).
    static let japanese: Set<UInt32> = scalars(japaneseKanji)
    /// Frequent Hangul syllables.
    static let korean: Set<UInt32> = scalars(hangul)

    private static func scalars(_ s: String) -> Set<UInt32> { Set(s.unicodeScalars.map(\.value)) }

    private static let simplified = """
    的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传近留红治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江语英基派满式李息写呢识极令黄德收脸钱党倒未持取设始版双历越史商千片容研像找友孩站广改议形委早房音火际则首单据导影失拿网香似斯专石若兵弟谁校读志飞观争究包组造落视济喜离虽坐集编宝谈府拉黑且随格尽剑讲布杀微怕母调局根曾准团段终乐切级克精哪官示冷域说罢道只见那里却是么得这般怎样叫做哥哥兄弟师父老爷太尉
    """
    private static let traditional = """
    這們來個說國為會時對後過裡麼經發無與當學種將還從見現實點動長樣兩開間問機給幾業電門東關產車應話親聽氣數體總書場報萬張頭軍員義論認讓議處決輕條遠連運進達邊選隊陽際難題顏風飛馬魚鳥黃黨齊龍華記設許語請讀變貝負財責買賣質轉農適還鄉醫錢鐵閱階隨雖雙靜響頁頂項順須願養館驗鬥麗歲歡聲愛從為媽見師傅爺們裏著嗎誰這樣說話
    """
    private static let japaneseKanji = """
    日一国人年大十二本中長出三同時政事自行社見月分議後前民生連五発間対上部東者党地合市業内相方四定今回新場金員九入選立開手米力学問高代明実円関決子動京全目表戦経通外最言氏現理調体化田当八六約主題下首意法不来強公持野以思家世多正安院心界教文元重近考画海売知道集別物使品計死特私始朝運終台広住真有口少町料工建空急止送切転研足究楽起着店病質待試族銀早映親験英医仕去味写字答夜音注帰古歌買悪図週室歩風紙黒花春赤青館屋色走秋夏習駅洋旅服夕借曜飲肉貸堂鳥飯勉冬昼茶弟牛魚兄犬妹姉漢吾輩猫彼女様君僕何故主人細君迷亭寒月先生顔声気眼違随分
    """
    private static let hangul = """
    이다의는에을하고가한서로지기으사리도들를대자인시나해어수일그것있정게적라상요면부보니주되아만우내전제중성소없같때여거위문말생람년원동물국등회화세영과신경방관장마계실학와분미각했습니까요네세요저우리너당신그녀오늘사람생각마음눈손집길밤날말씀했다었다였다것이나라
    """
}
