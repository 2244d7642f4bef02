import Glibc
import Support

/// How many processors the process may use, counted as Foundation's
/// `ProcessInfo.activeProcessorCount` counts them on Linux (what bounded the EPUB parser's
/// threads before, and `reader cache build`'s default `--jobs`): a cgroup v1 CPU quota
/// (rounded up), else the first range of a cgroup v1 cpuset, else the processors online.
public enum ActiveProcessors {
    /// The number of processors (at least 1 in practice).
    public static func count() -> Int {
        if let quota = quotaCount() { return quota }
        if let cpuset = cpusetCount() { return cpuset }
        return sysconf(Int32(_SC_NPROCESSORS_ONLN))
    }

    /// `cpu.cfs_quota_us / cpu.cfs_period_us` rounded up, when both are positive.
    private static func quotaCount() -> Int? {
        guard let quota = firstLine("/sys/fs/cgroup/cpu/cpu.cfs_quota_us").flatMap({ Int($0) }), quota > 0,
              let period = firstLine("/sys/fs/cgroup/cpu/cpu.cfs_period_us").flatMap({ Int($0) }), period > 0
        else { return nil }
        return (quota - 1 + period) / period
    }

    /// The size of the first range of `cpuset.cpus` ("0-3,8" counts 4, as Foundation did).
    private static func cpusetCount() -> Int? {
        guard let first = firstLine("/sys/fs/cgroup/cpuset/cpuset.cpus")?.split(separator: ",").first else { return nil }
        let ids = first.split(separator: "-", maxSplits: 1)
        guard let low = ids.first.flatMap({ Int($0, radix: 10) }), let high = ids.last.flatMap({ Int($0, radix: 10) }),
              high >= low else { return nil }
        return 1 + high - low
    }

    /// The first non-empty line of a file; "" when it is not UTF-8, nil when it cannot be read.
    private static func firstLine(_ path: String) -> Substring? {
        guard let bytes = try? FileSystem.read(path) else { return nil }
        guard let text = String(validating: bytes, as: UTF8.self) else { return "" }
        return text.split(separator: "\n").first ?? ""
    }
}
