import CLibXML2

/// The XML parser's verdict on a document (`XMLTree.check`, or the fields of an `XMLTree`).
struct XMLVerdict: Equatable {
    /// Whether the document is well-formed.
    let wellFormed: Bool
    /// Whether it breaks no namespace rule (`<a:b:c>`, an undeclared prefix).
    let namespaceWellFormed: Bool
    /// The parser's last error message, if any ("line 3: Opening and ending tag mismatch…").
    let firstError: String?
    /// The first well-formedness error that is damage (see `XMLTree.fatalError`).
    let fatalError: String?
    /// The first namespace error, if any.
    let namespaceError: String?
}

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
    /// Whether the XML parser found no namespace error (`<a:b:c>`, an undeclared prefix);
    /// always true for HTML. A document can be well-formed and still break these rules.
    let namespaceWellFormed: Bool
    /// The parser's last error message, if any ("line 3: Opening and ending tag mismatch…").
    let firstError: String?
    /// The XML parser's first well-formedness error other than an invalid character (the
    /// sanitiser drops control characters), an undeclared HTML entity (`&nbsp;`) or a limit
    /// of libxml2's ("Excessive depth in document": the walker has its own), if any: where the damage starts, not its
    /// echoes (nil for HTML).
    let fatalError: String?
    /// The XML parser's first namespace error (`<a:b:c>`), if any (nil for HTML).
    let namespaceError: String?

    private init(doc: xmlDocPtr, wellFormed: Bool, namespaceWellFormed: Bool = true, firstError: String?,
                 verdict: XMLVerdict? = nil) {
        self.doc = doc
        self.wellFormed = wellFormed
        self.namespaceWellFormed = namespaceWellFormed
        self.firstError = firstError
        fatalError = verdict?.fatalError
        namespaceError = verdict?.namespaceError
    }

    /// Collects the first errors libxml2 reports while parsing.
    private final class FirstErrors {
        var fatal: String?
        var namespace: String?

        /// An undeclared entity the HTML parser knows (`&nbsp;` without a DTD): real books
        /// use them and the walker reads them right, so they are not damage.
        static func isHTMLEntity(_ error: xmlError) -> Bool {
            guard error.code == Int32(XML_ERR_UNDECLARED_ENTITY.rawValue), let name = error.str1 else { return false }
            return name.withMemoryRebound(to: xmlChar.self, capacity: 1) { htmlEntityLookup($0) } != nil
        }

        func note(_ error: xmlError) {
            let message = { "line \(error.line): " + (error.message.map { String(cString: $0) } ?? "error").trimmingSpaces() }
            if error.domain == Int32(XML_FROM_NAMESPACE.rawValue) {
                if namespace == nil { namespace = message() }
            } else if error.level == XML_ERR_FATAL, error.code != Int32(XML_ERR_INVALID_CHAR.rawValue),
                      error.code != Int32(XML_ERR_INTERNAL_ERROR.rawValue), fatal == nil, !Self.isHTMLEntity(error) {
                fatal = message()
            }
        }
    }

    deinit { xmlFreeDoc(doc) }

    /// Makes libxml2 silent on this thread (and threads started later); idempotent.
    static func prepareThread() {
        xmlInitParser()  // idempotent; makes later use from several threads safe
        reader_xml_silence_errors()
    }

    static let xmlOptions = Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue
        | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
    static let htmlOptions = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue
        | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_IGNORE_ENC.rawValue)

    /// Parses XML; nil when libxml2 could not build any tree.
    static func parseXML(_ data: [UInt8], name: String) -> XMLTree? {
        let read = data.withUnsafeBufferPointer { readXML($0, name: name, buildingTree: true) }
        guard let read, let doc = read.doc else { return nil }
        return XMLTree(doc: doc, wellFormed: read.verdict.wellFormed, namespaceWellFormed: read.verdict.namespaceWellFormed,
                       firstError: read.verdict.firstError, verdict: read.verdict)
    }

    /// What the XML parser says of `data` without building its tree (libxml2's SAX
    /// callbacks that make nodes are left out): the verdict of `parseXML` for a fraction
    /// of the memory and time. Nil where `parseXML` would return nil. One difference: in a
    /// document with a well-formedness error, the tree builder's own namespace warnings
    /// ("Namespace prefix x was not found", where recovery made the tree and the
    /// parser's namespaces part) are not there.
    static func check(_ data: UnsafeBufferPointer<UInt8>, name: String) -> XMLVerdict? {
        guard let read = readXML(data, name: name, buildingTree: false), let doc = read.doc else { return nil }
        xmlFreeDoc(doc)
        return read.verdict
    }

    /// Runs the XML parser over `data`; the document (nodes only when `buildingTree`) is
    /// the caller's to free.
    private static func readXML(_ data: UnsafeBufferPointer<UInt8>, name: String,
                                buildingTree: Bool) -> (doc: xmlDocPtr?, verdict: XMLVerdict)? {
        prepareThread()
        guard let ctxt = xmlNewParserCtxt() else { return nil }
        defer { xmlFreeParserCtxt(ctxt) }
        let first = FirstErrors()
        ctxt.pointee._private = Unmanaged.passUnretained(first).toOpaque()
        ctxt.pointee.sax.pointee.serror = { user, error in
            guard let user, let error else { return }
            let context = user.assumingMemoryBound(to: xmlParserCtxt.self)
            guard let box = context.pointee._private else { return }
            Unmanaged<FirstErrors>.fromOpaque(box).takeUnretainedValue().note(error.pointee)
        }
        if !buildingTree { leaveOutNodes(&ctxt.pointee.sax.pointee) }
        let doc: xmlDocPtr? = withExtendedLifetime(first) {
            guard let base = data.baseAddress else { return xmlCtxtReadMemory(ctxt, "", 0, name, nil, xmlOptions) }
            return base.withMemoryRebound(to: CChar.self, capacity: data.count) {
                xmlCtxtReadMemory(ctxt, $0, Int32(data.count), name, nil, xmlOptions)
            }
        }
        ctxt.pointee._private = nil
        var message: String?
        let err = ctxt.pointee.lastError
        if err.code != 0, let m = err.message {
            message = "line \(err.line): " + String(cString: m).trimmingSpaces()
        }
        let verdict = XMLVerdict(wellFormed: ctxt.pointee.wellFormed != 0, namespaceWellFormed: ctxt.pointee.nsWellFormed != 0,
                                 firstError: message, fatalError: first.fatal, namespaceError: first.namespace)
        return (doc, verdict)
    }

    /// Drops the SAX callbacks that add nodes to the document. The document itself
    /// (`startDocument`) and its DTD (`internalSubset`, `entityDecl`, `getEntity`) stay:
    /// declared entities are still known, and the parser's verdict does not change.
    private static func leaveOutNodes(_ sax: inout xmlSAXHandler) {
        sax.startElementNs = nil
        sax.endElementNs = nil
        sax.startElement = nil
        sax.endElement = nil
        sax.characters = nil
        sax.ignorableWhitespace = nil
        sax.cdataBlock = nil
        sax.comment = { _, _ in }   // nil would leave the comment's text out of error messages
        sax.processingInstruction = nil
        sax.reference = nil
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

/// Helpers on libxml2 nodes. Walks are iterative (first child / next sibling / parent
/// pointers) and compare names without allocating.
enum XMLNode {
    /// The element's local name (after any `prefix:`).
    static func localName(_ node: xmlNodePtr) -> String {
        guard let p = localNamePointer(node.pointee.name) else { return "" }
        return String(cString: p)
    }

    private static func localNamePointer(_ name: UnsafePointer<xmlChar>?) -> UnsafePointer<xmlChar>? {
        guard var p = name else { return nil }
        var start = p
        while p.pointee != 0 {
            if p.pointee == UInt8(ascii: ":") { start = p + 1 }
            p += 1
        }
        return start
    }

    @inline(__always) private static func equal(_ a: UnsafePointer<xmlChar>, _ b: String, ignoringCase: Bool) -> Bool {
        b.withCString { c in
            let bp = UnsafeRawPointer(c).assumingMemoryBound(to: xmlChar.self)
            return ignoringCase ? xmlStrcasecmp(a, bp) == 0 : xmlStrEqual(a, bp) != 0
        }
    }

    /// Whether `node` is an element with local name `name` (ASCII case-insensitive).
    static func isElement(_ node: xmlNodePtr, _ name: String) -> Bool {
        guard node.pointee.type == XML_ELEMENT_NODE, let local = localNamePointer(node.pointee.name) else { return false }
        return equal(local, name, ignoringCase: true)
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
        var out: [xmlNodePtr] = []
        var c = node.pointee.children
        while let n = c {
            if isElement(n, name) { out.append(n) }
            c = n.pointee.next
        }
        return out
    }

    /// The first child element with a given local name.
    static func child(_ node: xmlNodePtr, named name: String) -> xmlNodePtr? {
        var c = node.pointee.children
        while let n = c {
            if isElement(n, name) { return n }
            c = n.pointee.next
        }
        return nil
    }

    /// Visits the descendants of `root` in document order, without recursion.
    static func forEachDescendant(_ root: xmlNodePtr, _ body: (xmlNodePtr) -> Void) {
        var cur = root.pointee.children
        while let c = cur {
            body(c)
            if c.pointee.type == XML_ELEMENT_NODE, let first = c.pointee.children {
                cur = first
                continue
            }
            var up: xmlNodePtr? = c
            cur = nil
            while let u = up, u != root {
                if let next = u.pointee.next { cur = next; break }
                up = u.pointee.parent
            }
        }
    }

    /// Descendant elements (document order) with a given local name.
    static func descendants(_ node: xmlNodePtr, named name: String) -> [xmlNodePtr] {
        var out: [xmlNodePtr] = []
        forEachDescendant(node) { if isElement($0, name) { out.append($0) } }
        return out
    }

    /// An attribute by name. With `prefix`, matches `prefix:name` as the HTML parser keeps
    /// it, or a namespaced attribute `name` whose prefix is `prefix` (XML parser). Without,
    /// matches `name` or any `something:name`.
    static func attribute(_ node: xmlNodePtr, _ name: String, prefix: String? = nil) -> String? {
        var a = node.pointee.properties
        while let attr = a {
            if let full = attr.pointee.name {
                var matches: Bool
                if let prefix {
                    if equal(full, prefix + ":" + name, ignoringCase: false) { matches = true }
                    else if equal(full, name, ignoringCase: false), let ns = attr.pointee.ns, let p = ns.pointee.prefix {
                        matches = equal(p, prefix, ignoringCase: false)
                    } else { matches = false }
                } else {
                    matches = localNamePointer(full).map { equal($0, name, ignoringCase: false) } ?? false
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
    /// expanded).
    static func textContent(_ node: xmlNodePtr) -> String {
        var bytes: [UInt8] = []
        forEachDescendant(node) { n in
            let t = n.pointee.type
            if t == XML_TEXT_NODE || t == XML_CDATA_SECTION_NODE, let content = n.pointee.content {
                bytes.append(contentsOf: UnsafeBufferPointer(start: content, count: Int(xmlStrlen(content))))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
