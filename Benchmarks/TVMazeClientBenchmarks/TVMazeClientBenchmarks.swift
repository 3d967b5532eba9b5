@_spi(Internals) import AirdateHTTP
import Benchmark
import Foundation
import TVMazeClient

// Decoding one full US schedule day (the recorded 2019 days in ../shared/fixtures/tvmaze, skipped when
// absent) into typed `TVMazeEpisode`s, next to reading the same bytes with JSONSerialization.

private func scheduleDays() -> [(name: String, data: Data)] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    let folder = root.appendingPathComponent("shared/fixtures/tvmaze")
    guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
    return files.filter { $0.hasPrefix("schedule_") }.sorted().prefix(2).compactMap { file in
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path) else { return nil }
        return (String(file.dropFirst("schedule_".count).prefix(13)), data)
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], warmupIterations: 2, maxDuration: .seconds(2), maxIterations: 200)
    let decoder = JSONBodyDecoder()
    for day in scheduleDays() {
        Benchmark("decode schedule \(day.name) (\(day.data.count / 1000) kB) as [Episode]") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try? decoder.decode([TVMazeEpisode].self, from: day.data)) }
        }
        Benchmark("decode schedule \(day.name) (\(day.data.count / 1000) kB) as LenientList<Episode>") { benchmark in
            // What `TVMaze.schedule(country:date:)` decodes: elements one by one, bad ones skipped.
            for _ in benchmark.scaledIterations { blackHole(try? decoder.decode(LenientList<TVMazeEpisode>.self, from: day.data)) }
        }
        Benchmark("decode schedule \(day.name) (\(day.data.count / 1000) kB) with JSONSerialization") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try? JSONSerialization.jsonObject(with: day.data)) }
        }
    }
}
