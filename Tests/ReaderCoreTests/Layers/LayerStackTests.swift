import XCTest
import TextContent
import TextLayout
@testable import ReaderCore

/// The compositor: inputs go top down until consumed, layers push and pop, only the
/// visible layers are composed.
final class LayerStackTests: XCTestCase {
    /// What the test layers saw.
    final class Log {
        var inputs: [Input] = []
    }

    /// Consumes `z` (and pops itself), `x` (and pushes another of its kind); lets
    /// everything else fall through, with `effects`.
    struct PassingLayer: Layer {
        let log: Log
        var effects: [Effect] = []
        var hidesText: Bool { false }

        mutating func handle(_ input: Input, at time: Double, in context: ReadingContext) -> LayerResponse {
            log.inputs.append(input)
            switch input {
            case .character("z"): return .pop()
            case .character("x"): return .push(PassingLayer(log: log))
            default: return LayerResponse(consumed: false, effects: effects)
            }
        }

        func compose(into snapshot: inout PageSnapshot, context: ReadingContext) {
            snapshot.status.message = "passing layer"
        }
    }

    /// Consumes everything and pops itself: for the bottom of a bare stack.
    struct ClosingLayer: Layer {
        var hidesText: Bool { true }
        mutating func handle(_ input: Input, at time: Double, in context: ReadingContext) -> LayerResponse { .pop() }
        func compose(into snapshot: inout PageSnapshot, context: ReadingContext) {}
    }

    func model() -> ReaderModel {
        ReaderModel(content: PagerTests.book(chapters: 4, paragraphs: 10), position: .zero, columns: 60, rows: 12)
    }

    func testAnInputTheOverlayIgnoresFallsThroughToTheReadingLayer() {
        let m = model(), log = Log()
        m.push(PassingLayer(log: log))
        let top = m.position
        XCTAssertEqual(m.handle(.character(" ")), [.positionChanged], "the reading layer turned the page")
        XCTAssertNotEqual(m.position, top)
        XCTAssertEqual(log.inputs, [.character(" ")], "the overlay saw it first")
        XCTAssertTrue(m.topLayer is PassingLayer, "and is still there")
    }

    func testAConsumedInputStopsAtTheLayerThatConsumedIt() {
        let m = model(), log = Log()
        m.push(PassingLayer(log: log))
        m.push(HelpLayer())
        m.handle(.character("j"))
        XCTAssertEqual((m.topLayer as? HelpLayer)?.scroll, 1)
        XCTAssertEqual(log.inputs, [], "the help consumed it: the layer below saw nothing")
        XCTAssertEqual(m.position, .zero)
    }

    func testPushAndPop() {
        let m = model(), log = Log()
        m.push(PassingLayer(log: log))
        m.handle(.character("x"))
        XCTAssertEqual(m.stack.layers.count, 3, "reading, passing, and the one it pushed")
        m.handle(.character("z"))
        XCTAssertEqual(m.stack.layers.count, 2, "the top one popped itself")
        m.handle(.character("z"))
        XCTAssertEqual(m.stack.layers.count, 1)
        XCTAssertTrue(m.topLayer is ReadingLayer)
        XCTAssertEqual(log.inputs, [.character("x"), .character("z"), .character("z")])
    }

    func testEffectsOfEveryLayerThatSawTheInputAreKept() {
        let m = model(), log = Log()
        m.push(PassingLayer(log: log, effects: [.bookmarksChanged]))
        XCTAssertEqual(m.handle(.character("q")), [.bookmarksChanged, .positionChanged, .quit])
    }

    func testTheBottomLayerIsNeverPopped() {
        let context = ReadingContext(content: PagerTests.book(chapters: 1), position: .zero, columns: 40, rows: 10,
                                     preferredWidth: 80, baseOptions: LayoutOptions(), marks: [], revealSettings: RevealSettings())
        var stack = LayerStack(base: ClosingLayer())
        stack.push(ClosingLayer())
        _ = stack.dispatch(.enter, at: 0, in: context)
        XCTAssertEqual(stack.layers.count, 1)
        _ = stack.dispatch(.enter, at: 0, in: context)
        XCTAssertEqual(stack.layers.count, 1)
    }

    func testLayersUnderOneThatHidesTheTextAreNotComposed() {
        let m = model(), log = Log()
        XCTAssertNotNil(m.snapshot.page)
        m.push(PassingLayer(log: log))
        XCTAssertNotNil(m.snapshot.page, "a layer that does not hide the text keeps it")
        XCTAssertEqual(m.snapshot.status.message, "passing layer", "and composes over it")
        m.handle(.character("?"))   // falls through: the reading layer pushes the help
        XCTAssertTrue(m.topLayer is HelpLayer)
        XCTAssertNil(m.snapshot.page, "the help hides the text: it is not laid out for the frame")
        XCTAssertNil(m.snapshot.status.message, "nor is the layer between them composed")
        XCTAssertTrue(m.snapshot.views.last is HelpView)
    }

    func testPushingALayerThatHidesTheTextHoldsTheReveal() {
        let m = model()
        m.startReveal(at: 0)
        m.push(HelpLayer(), at: 1)
        XCTAssertEqual(m.reveal?.isHeld, true)
        m.advance(to: 5)
        let unheld = model()
        unheld.startReveal(at: 0)
        unheld.advance(to: 1)
        XCTAssertEqual(m.reveal?.shownCount, unheld.reveal?.shownCount, "only the second before the help counts")
        m.handle(.escape, at: 5)
        XCTAssertEqual(m.reveal?.isHeld, false)
    }

    func testTheMessageLastsUntilTheNextInput() {
        let m = model()
        m.showMessage("hello")
        XCTAssertEqual(m.snapshot.status.message, "hello")
        m.handle(.character("j"))
        XCTAssertNil(m.message)
        XCTAssertNil(m.snapshot.status.message)
    }
}
