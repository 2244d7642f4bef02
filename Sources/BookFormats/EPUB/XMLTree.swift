import CLibXML2

/// A parsed XML or HTML document (libxml2 tree) with small helpers for walking it by
/// element *local name*, so prefixed elements (`opf:item`, `ncx:navPoint`) match too.
///
/// XML is parsed with `XML_PARSE_RECOVER | XML_PARSE_NONET | XML_PARSE_NOERROR |
/// XML_PARSE_NOWARNING`: entities are never substituted (`XML_PARSE_NOENT` off), no DTD is
/// loaded, nothing touches the network, and libxml2 prints nothing.
final class XMLTree {
    let doc: xmlDocPtr
    /// Whether the XML parser found the document well-formed (always true for HTML).
    let wellFormed: Bool
    /// The parser's first error message, if any ("line 3: Opening and ending tag mismatch…").
    let firstError: String?

    private init(doc: xmlDocPtr, wellFormed: Bool, firstError: String?) {
        self.doc = doc
        self.wellFormed = wellFormed
        self.firstError = firstError
    }

    deinit { xmlFreeDoc(doc) }

    /// Makes libxml2 silent on this thread (and threads started later); idempotent.
    static func prepareThread() {
        reader_xml_silence_errors()
    }

    static let xmlOptions = Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue
        | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue)
    static let htmlOptions = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue
        | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_IGNORE_ENC.rawValue)

    /// Parses XML; nil when libxml2 could not build any tree.
    static func parseXML(_ data: [UInt8], name: String) -> XMLTree? {
        prepareThread()
        guard let ctxt = xmlNewParserCtxt() else { return nil }
        defer { xmlFreeParserCtxt(ctxt) }
        let doc: xmlDocPtr? = data.withUnsafeBufferPointer { buf in
            buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buf.count, 1)) {
                xmlCtxtReadMemory(ctxt, $0, Int32(buf.count), name, nil, xmlOptions)
            }
        }
        guard let doc else { return nil }
        var message: String?
        let err = ctxt.pointee.lastError
        if err.code != 0, let m = err.message {
            message = "line \(err.line): " + String(cString: m).trimmingSpaces()
        }
        return XMLTree(doc: doc, wellFormed: ctxt.pointee.wellFormed != 0, firstError: message)
    }

    /// Parses (X)HTML leniently as UTF-8 with libxml2's HTML parser.
    static func parseHTML(_ data: [UInt8], name: String) -> XMLTree? {
        prepareThread()
        guard !data.isEmpty else { return nil }
        let doc: htmlDocPtr? = data.withUnsafeBufferPointer { buf in
            buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) {
                htmlReadMemory($0, Int32(buf.count), name, "UTF-8", htmlOptions)
            }
        }
        guard let doc else { return nil }
        return XMLTree(doc: doc, wellFormed: true, firstError: nil)
    }

    /// The root element.
    var root: xmlNodePtr? { xmlDocGetRootElement(doc) }
}

/// Helpers on libxml2 nodes.
enum XMLNode {
    /// The element's local name (after any `prefix:`), lower-cased only if `fold`.
    static func localName(_ node: xmlNodePtr) -> String {
        guard let name = node.pointee.name else { return "" }
        let s = String(cString: name)
        if let colon = s.lastIndex(of: ":") { return String(s[s.index(after: colon)...]) }
        return s
    }

    /// Whether `node` is an element with local name `name` (case-insensitive).
    static func isElement(_ node: xmlNodePtr, _ name: String) -> Bool {
        node.pointee.type == XML_ELEMENT_NODE && localName(node).lowercased() == name.lowercased()
    }

    /// Child elements in order.
    static func children(_ node: xmlNodePtr) -> [xmlNodePtr] {
        var out: [xmlNodePtr] = []
        var c = node.pointee.children
        while let n = c {
            if n.pointee.type == XML_ELEMENT_NODE { out.append(n) }
            c = n.pointee.next
        }
        return out
    }

    /// Child elements with a given local name.
    static func children(_ node: xmlNodePtr, named name: String) -> [xmlNodePtr] {
        children(node).filter { isElement($0, name) }
    }

    /// The first child element with a given local name.
    static func child(_ node: xmlNodePtr, named name: String) -> xmlNodePtr? {
        children(node).first { isElement($0, name) }
    }

    /// Descendant elements (document order) with a given local name; iterative.
    static func descendants(_ node: xmlNodePtr, named name: String) -> [xmlNodePtr] {
        var out: [xmlNodePtr] = []
        var stack: [xmlNodePtr] = children(node).reversed()
        while let n = stack.popLast() {
            if isElement(n, name) { out.append(n) }
            stack.append(contentsOf: children(n).reversed())
        }
        return out
    }

    /// An attribute by local name (any prefix); for HTML-parsed trees also matches
    /// names written with a prefix, e.g. `epub:type` for local name `type` with `prefix`.
    static func attribute(_ node: xmlNodePtr, _ name: String, prefix: String? = nil) -> String? {
        var a = node.pointee.properties
        while let attr = a {
            if let n = attr.pointee.name {
                let full = String(cString: n)
                var matches: Bool
                if let prefix {
                    // HTML parser: the name keeps its prefix. XML parser: local name + namespace.
                    if full == "\(prefix):\(name)" { matches = true }
                    else if full == name, let ns = attr.pointee.ns, let p = ns.pointee.prefix {
                        matches = String(cString: p) == prefix
                    } else { matches = false }
                } else {
                    matches = full == name || full.hasSuffix(":" + name)
                }
                if matches {
                    return textContent(UnsafeMutableRawPointer(attr).assumingMemoryBound(to: xmlNode.self))
                }
            }
            a = attr.pointee.next
        }
        return nil
    }

    /// Concatenated text of descendant text and CDATA nodes (entity references are not
    /// expanded), iterative.
    static func textContent(_ node: xmlNodePtr) -> String {
        var bytes: [UInt8] = []
        var stack: [xmlNodePtr] = []
        var c = node.pointee.children
        while let n = c { stack.append(n); c = n.pointee.next }
        stack.reverse()
        while let n = stack.popLast() {
            switch n.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = n.pointee.content {
                    var p = content
                    while p.pointee != 0 { bytes.append(p.pointee); p += 1 }
                }
            case XML_ELEMENT_NODE:
                var kids: [xmlNodePtr] = []
                var k = n.pointee.children
                while let x = k { kids.append(x); k = x.pointee.next }
                stack.append(contentsOf: kids.reversed())
            default:
                break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
