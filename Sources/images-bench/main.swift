import Foundation
import Images
import TerminalGraphics

// Benchmark: decode times of image files (docs/IMAGES.md, "Timings").
//
//   images-bench FILE... [--target WxH] [--runs N] [--cells COLSxROWS]
//   images-bench --emit sixel|kitty|iterm FILE --cells COLSxROWS [--cell WxH] [--upscale]
//
// For each file: the header alone, the full decode, and the decode to the target size
// (default: the image fitted into 800×1200, the order of a terminal window's pixels),
// the first run and the median of N (default 20), in milliseconds. With --cells: the
// picture fitted into that many 8×16-pixel cells (`ImageFit`), decoded to their pixels,
// then each protocol's bytes for it and the time to make them (kitty raw and deflated,
// sixel, iTerm2 with the file itself, libchafa symbols). With --emit: only the protocol's
// bytes for FILE fitted into the cells, on stdout (Emit.swift).

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1_000_000
}

/// The first run's time and the median of `runs` runs, in milliseconds.
func measure(_ runs: Int, _ body: () throws -> Void) rethrows -> (first: Double, median: Double) {
    var times: [Double] = []
    for _ in 0..<max(runs, 1) {
        let start = now()
        try body()
        times.append(now() - start)
    }
    let sorted = times.sorted()
    return (times[0], sorted[sorted.count / 2])
}

func parseSize(_ text: String) -> ImageSize? {
    let parts = text.split(separator: "x").compactMap { Int($0) }
    return parts.count == 2 ? ImageSize(width: parts[0], height: parts[1]) : nil
}

var files: [String] = []
var box = ImageSize(width: 800, height: 1200)
var runs = 20
var cells: ImageSize?
var emitting: String?
var cell = CellSize.fallback
var upscale = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--target": box = arguments.popFirst().flatMap(parseSize) ?? box
    case "--runs": runs = arguments.popFirst().flatMap { Int($0) } ?? runs
    case "--cells": cells = arguments.popFirst().flatMap(parseSize)
    case "--emit": emitting = arguments.popFirst()
    case "--cell": cell = arguments.popFirst().flatMap(parseSize).map { CellSize(width: $0.width, height: $0.height) } ?? cell
    case "--upscale": upscale = true
    default: files.append(argument)
    }
}
guard !files.isEmpty, emitting == nil || (files.count == 1 && cells != nil) else {
    FileHandle.standardError.write(Data(("usage: images-bench FILE... [--target WxH] [--runs N] [--cells COLSxROWS]\n"
        + "       images-bench --emit sixel|kitty|iterm FILE --cells COLSxROWS [--cell WxH] [--upscale]\n").utf8))
    exit(2)
}
if let emitting, let cells { exit(emit(emitting, file: files[0], cells: cells, cell: cell, upscale: upscale)) }
let format = { (t: (first: Double, median: Double)) in String(format: "first %7.2f ms, median %7.2f ms", t.first, t.median) }
for file in files {
    do {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        let header = try ImageHeader.read(bytes)
        let target = header.size.fit(into: box)
        print("\(file): \(header.format.displayName) \(header.size), \(bytes.count) bytes")
        print("  header            \(format(try measure(runs) { _ = try ImageHeader.read(bytes) }))")
        print("  decode            \(format(try measure(runs) { _ = try ImageDecoder.decode(bytes) }))")
        print("  decode→\(target)".padding(toLength: 20, withPad: " ", startingAt: 0)
              + format(try measure(runs) { _ = try ImageDecoder.decode(bytes, targetSize: target) }))
        let full = try ImageDecoder.decode(bytes)
        print("  scale only        \(format(measure(runs) { _ = ImageScaler.scale(full, to: target) }))")
        if let cells { try protocols(bytes, header: header, cells: cells) }
    } catch {
        print("\(file): \(error)")
    }
}

/// Each protocol's bytes for the picture fitted into `cells`, and the time to make them
/// (decoding to the cells' pixels included in the first line only).
func protocols(_ bytes: [UInt8], header: ImageHeader, cells: ImageSize) throws {
    let cell = CellSize.fallback
    let fit = ImageFit.cells(pixelWidth: header.size.width, pixelHeight: header.size.height, cell: cell,
                             maxColumns: cells.width, maxRows: cells.height)
    let px = ImageFit.pixels(columns: fit.columns, rows: fit.rows, cell: cell)
    let size = ImageSize(width: px.width, height: px.height)
    print("  \(fit.columns)×\(fit.rows) cells = \(size) pixels")
    print("    decode→cells    \(format(try measure(runs) { _ = try ImageDecoder.decode(bytes, targetSize: size) }))")
    let image = try ImageDecoder.decode(bytes, targetSize: size)
    func row(_ name: String, unit: String = "bytes", _ make: () -> Int) {
        var count = 0
        let t = measure(runs) { count = make() }
        print("    \(name.padding(toLength: 16, withPad: " ", startingAt: 0))\(format(t)), \(count) \(unit)")
    }
    row("kitty (raw)") { KittyGraphics.transmit(id: 1, width: image.width, height: image.height, rgba: image.pixels).count }
    row("kitty (o=z)") {
        KittyGraphics.transmit(id: 1, width: image.width, height: image.height, rgba: image.pixels, compressed: true).count
    }
    row("sixel") { SixelEncoder.encode(width: image.width, height: image.height, rgba: image.pixels).count }
    row("iterm2 (file)") { ITermGraphics.inline(file: bytes, columns: fit.columns, rows: fit.rows).count }
    let small = try ImageDecoder.decode(bytes, targetSize: ImageSize(width: fit.columns * 8, height: fit.rows * 8))
    row("symbols", unit: "cells") {
        SymbolArt.render(width: small.width, height: small.height, rgba: small.pixels, columns: fit.columns, rows: fit.rows)?.count ?? 0
    }
}

