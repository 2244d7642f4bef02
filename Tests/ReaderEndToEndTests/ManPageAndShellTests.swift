import Foundation
import XCTest

/// The man page renders without a warning (groff's and man's own), and each completion
/// script loads in its shell (bash, zsh, fish: `make deps` installs them) and offers the
/// reader's commands.
final class ManPageAndShellTests: XCTestCase {
    static var root: URL { ManPageAndCompletionTests.root }

    func path(_ file: String) -> String { Self.root.appendingPathComponent(file).path }

    func shell(_ name: String, _ args: [String]) throws -> ReaderRun.Outcome {
        let binary = "/usr/bin/" + name
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw XCTSkip("\(name) is not installed here; make deps installs it (its test dependency)")
        }
        return try ReaderRun.run(URL(fileURLWithPath: binary), args)
    }

    func testTheManPageRendersWithoutWarnings() throws {
        let groff = try shell("groff", ["-man", "-Tutf8", "-ww", "-z", path("docs/reader.1")])
        XCTAssertEqual(groff.status, 0)
        XCTAssertEqual(groff.stderr, "", "groff warnings")
        let man = try shell("man", ["-P", "cat", "-l", path("docs/reader.1")])
        XCTAssertEqual(man.status, 0, man.stderr)
        for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "FILES", "ENVIRONMENT"] {
            XCTAssertTrue(man.stdout.contains(heading), "no \(heading) section")
        }
        for command in ["reader config", "reader add", "reader list"] {
            XCTAssertTrue(man.stdout.contains(command), "the man page does not describe \(command)")
        }
    }

    /// The repository's own scripts (benchmarks, checks, the fuzzing driver) parse: a merge
    /// once dropped a `;;` from Tools/fuzz/run.sh, which only showed when it was run.
    func testEveryToolScriptParses() throws {
        let tools = Self.root.appendingPathComponent("Tools")
        let scripts = (FileManager.default.enumerator(atPath: tools.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".sh") }.sorted()
        XCTAssertGreaterThan(scripts.count, 5, "\(scripts)")
        for script in scripts {
            let check = try shell("bash", ["-n", tools.appendingPathComponent(script).path])
            XCTAssertEqual(check.status, 0, "\(script): \(check.stderr)")
        }
    }

    func testTheBashCompletionLoads() throws {
        let bash = try shell("bash", ["-c", "source '\(path("Tools/completions/reader.bash"))' && complete -p reader"])
        XCTAssertEqual(bash.status, 0, bash.stderr)
        XCTAssertTrue(bash.stdout.contains("-F _reader"), bash.stdout)
    }

    func testTheZshCompletionLoads() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zcompdump-\(getpid())").path
        let script = "autoload -Uz compinit && compinit -u -d '\(folder)' && fpath=('\(path("Tools/completions"))' $fpath) "
            + "&& autoload -Uz +X _reader && functions _reader"
        let zsh = try shell("zsh", ["-f", "-c", script])
        try? FileManager.default.removeItem(atPath: folder)
        XCTAssertEqual(zsh.status, 0, zsh.stderr)
        XCTAssertEqual(zsh.stderr, "")
        for command in ["config:", "add:", "list:", "dump:"] { XCTAssertTrue(zsh.stdout.contains(command), "zsh lacks \(command)") }
    }

    func testTheFishCompletionLoads() throws {
        let fish = try shell("fish", ["--no-config", "-c", "source '\(path("Tools/completions/reader.fish"))'; and complete -c reader"])
        XCTAssertEqual(fish.status, 0, fish.stderr)
        XCTAssertEqual(fish.stderr, "")
        for option in ["--wrap", "--hyphenate", "--theme"] {
            XCTAssertTrue(fish.stdout.contains("-l " + option.dropFirst(2)), "fish lacks \(option)")
        }
    }
}

/// `make install-files PREFIX=…` (what `make install` does after its release build) puts
/// the binary, the man page and the three completions in their places under PREFIX, the
/// binary runs from there, and `make uninstall` takes every one of them away again.
final class InstallTests: XCTestCase {
    static let installed = ["bin/reader", "share/man/man1/reader.1", "share/bash-completion/completions/reader",
                            "share/zsh/site-functions/_reader", "share/fish/vendor_completions.d/reader.fish"]

    func testInstallAndUninstall() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("reader-prefix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let make = URL(fileURLWithPath: "/usr/bin/make")
        let root = ManPageAndCompletionTests.root.path
        let install = try ReaderRun.run(make, ["-s", "-C", root, "install-files", "PREFIX=\(prefix.path)",
                                               "BIN=\(TmuxSessionTests.binary.path)"])
        XCTAssertEqual(install.status, 0, install.stderr)
        for file in Self.installed {
            XCTAssertTrue(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file) not installed")
        }
        let version = try ReaderRun.run(prefix.appendingPathComponent("bin/reader"), ["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("reader "), version.stdout)
        let uninstall = try ReaderRun.run(make, ["-s", "-C", root, "uninstall", "PREFIX=\(prefix.path)"])
        XCTAssertEqual(uninstall.status, 0, uninstall.stderr)
        for file in Self.installed {
            XCTAssertFalse(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file) left behind")
        }
    }
}
