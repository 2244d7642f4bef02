import Glibc

/// Where dictionaries are looked for (docs/DICTIONARIES.md, "Where dictionaries are found"):
/// StarDict in `$XDG_DATA_HOME/stardict/dic` (default `~/.local/share/stardict/dic`) and in
/// `stardict/dic` under each of `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`),
/// each `.ifo` there or one or two folders down; dictd in `/usr/share/dictd` and `dictd`
/// under each of `$XDG_DATA_DIRS`, each `.index` with a `.dict.dz` or `.dict` beside it.
public enum DictionaryDiscovery {
    /// The folders searched, from the environment (`HOME`, `XDG_DATA_HOME`, `XDG_DATA_DIRS`).
    public static func folders(environment: [String: String]) -> (dictd: [String], stardict: [String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home.map { $0 + "/.local/share" }
        let dataDirs = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
            .split(separator: ":").map { String($0.reversed().drop(while: { $0 == "/" }).reversed()) }.filter { $0.hasPrefix("/") }
        let stardict = (dataHome.map { [$0] } ?? []) + dataDirs
        return (unique(["/usr/share/dictd"] + dataDirs.map { $0 + "/dictd" }), unique(stardict.map { $0 + "/stardict/dic" }))
    }

    private static func unique(_ folders: [String]) -> [String] {
        var seen = Set<String>()
        return folders.map { $0.hasSuffix("/") && $0.count > 1 ? String($0.dropLast()) : $0 }.filter { seen.insert($0).inserted }
    }

    /// The dictionaries in the folders, dictd first, each folder's in name order; problems
    /// (a `.ifo` that cannot be read, an index with no data file) as warnings.
    static func sources(dictd: [String], stardict: [String]) -> (sources: [DictionarySource], warnings: [String]) {
        var sources: [DictionarySource] = [], warnings: [String] = []
        var seen = Set<String>()
        for folder in dictd where FileBytes.isDirectory(folder) {
            for file in FileBytes.list(folder) where file.hasSuffix(".index") {
                let path = folder + "/" + file
                guard seen.insert(canonical(path)).inserted else { continue }
                guard let data = DictdDictionary.dataFile(for: path) else {
                    warnings.append("\(path): no .dict.dz or .dict beside it"); continue
                }
                sources.append(DictdDictionary(indexPath: path, dataPath: data))
            }
        }
        for folder in stardict where FileBytes.isDirectory(folder) {
            for path in ifoFiles(in: folder, depth: 2) where seen.insert(canonical(path)).inserted {
                do { sources.append(try StarDictDictionary(ifoPath: path)) } catch { warnings.append("\(error)") }
            }
        }
        return (sources, warnings)
    }

    /// The `.ifo` files in `folder` and `depth` levels of folders below it.
    static func ifoFiles(in folder: String, depth: Int) -> [String] {
        var found: [String] = []
        for name in FileBytes.list(folder) where !name.hasPrefix(".") {
            let path = folder + "/" + name
            if name.hasSuffix(".ifo") && FileBytes.size(path) != nil {
                found.append(path)
            } else if depth > 0 && FileBytes.isDirectory(path) {
                found += ifoFiles(in: path, depth: depth - 1)
            }
        }
        return found
    }

    /// The path with symbolic links resolved (so one dictionary reached twice is kept once).
    private static func canonical(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
