import TextContent

/// The sample book bundled in the binary: `reader` opens it when there is no book to
/// reopen. Its text is `Fixtures/sample/sample.txt` (a test checks they are the same).
public enum SampleBook {
    /// Name shown for the sample.
    public static let name = "sample.txt"

    /// The sample's text (UTF-8, written for this project).
    public static let text = """
The Clockmaker of Harrow Lane

A short sample book written for the reader project. Open another book with: reader path/to/book.epub


CHAPTER I. The Shop

On the corner of Harrow Lane there was a shop so narrow that a grown man had to turn sideways to pass between its counters. Every wall was covered with clocks, and every clock was wrong, each in its own particular way.

Mira Hale, who owned the shop, did not mind. "A clock that is right twice a day," she liked to say, "is more honest than a man who is right once a year."

She kept a ledger of every clock and its error. The tall walnut case by the door ran eleven minutes fast; the little brass carriage clock lost a minute each Sunday and found it again each Wednesday; the cuckoo had not spoken since the winter of the great frost.


CHAPTER II. The Visitor

One wet evening in November a traveller stepped in out of the rain. He carried a wooden box under his arm and a folded letter in his hand, sealed with green wax.

"I was told," he said, "that you can mend anything that counts."

Mira looked at the box, then at the man, then at the clocks, who all seemed to hold their breath. "Anything that counts," she agreed, "except regrets. Those I leave alone."

Inside the box lay a watch with three hands and no numbers, and a note in four languages:

时间不会等人。
時は金なり。
الوقت كالسيف.
הזמן אוזל.


CHAPTER III. The Mending

She worked through the night. The watch's third hand, she discovered, did not measure hours or minutes at all: it measured the distance to the person who had last wound it. By dawn it pointed, steady and patient, toward the door.

When the traveller returned, Mira handed him the watch without a word. He looked at it for a long time, then laughed, and for the first time in eleven years every clock in the shop struck the same hour.

"""

    /// The sample as a book.
    public static func load() throws -> TextContent {
        try PlainTextReader.read(bytes: Array(text.utf8), name: name, encoding: "UTF-8")
    }
}
