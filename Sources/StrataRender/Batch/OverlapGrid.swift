import Foundation

/// Items' device boxes binned into the cells of a grid over the part of the
/// device they lie in, so that the items whose boxes may meet a box are
/// found without looking at every item: what `Batcher` asks for each item
/// that would move back past other batches.
struct OverlapGrid {
    private let origin: (x: Double, y: Double)
    private let cell: (width: Double, height: Double)
    private let columns: Int, rows: Int
    /// Per cell, its latest entry (−1: none); per entry, the item and the cell's entry before it.
    private var heads: [Int32]
    private var entries: [(item: Int32, next: Int32)] = []

    /// The most cells a grid has.
    private static let maximumCells = 16_384

    /// A grid over `area`, for about `count` items: cells about as large as an item's share of it.
    init(area: CGRect, count: Int) {
        let width = max(Double(area.width), 1), height = max(Double(area.height), 1)
        let side = max((width * height / Double(max(count, 1))).squareRoot(), 8)
        var columns = max(1, Int((width / side).rounded(.up)))
        var rows = max(1, Int((height / side).rounded(.up)))
        while columns * rows > Self.maximumCells {
            columns = max(1, columns / 2)
            rows = max(1, rows / 2)
        }
        origin = (Double(area.minX), Double(area.minY))
        cell = (width / Double(columns), height / Double(rows))
        self.columns = columns
        self.rows = rows
        heads = [Int32](repeating: -1, count: columns * rows)
    }

    /// The cells `box` touches (clamped to the grid; nil for a null or non-finite box).
    private func cells(of box: CGRect) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        guard !box.isNull, box.minX.isFinite, box.maxX.isFinite, box.minY.isFinite, box.maxY.isFinite else {
            return nil
        }
        func index(_ v: Double, _ start: Double, _ size: Double, _ count: Int) -> Int {
            min(max(Int(((v - start) / size).rounded(.down)), 0), count - 1)
        }
        let c0 = index(Double(box.minX), origin.x, cell.width, columns)
        let c1 = index(Double(box.maxX), origin.x, cell.width, columns)
        let r0 = index(Double(box.minY), origin.y, cell.height, rows)
        let r1 = index(Double(box.maxY), origin.y, cell.height, rows)
        return (c0...c1, r0...r1)
    }

    /// Files `item` under the cells its `box` touches.
    mutating func insert(_ item: Int, box: CGRect) {
        guard let (columns, rows) = cells(of: box) else { return }
        for r in rows {
            for c in columns {
                let k = r * self.columns + c
                entries.append((Int32(item), heads[k]))
                heads[k] = Int32(entries.count - 1)
            }
        }
    }

    /// The items filed under the cells `box` touches (an item may come more
    /// than once): every item whose box meets `box` is among them.
    func items(near box: CGRect) -> Items {
        guard let (columns, rows) = cells(of: box) else { return Items(grid: self, columns: 0...0, rows: 1...0) }
        return Items(grid: self, columns: columns, rows: rows)
    }

    /// The items filed under a block of cells, cell by cell.
    struct Items: Sequence, IteratorProtocol {
        fileprivate let grid: OverlapGrid
        fileprivate let columns: ClosedRange<Int>
        fileprivate let rows: ClosedRange<Int>
        private var row: Int, column: Int
        private var entry: Int32 = -1

        fileprivate init(grid: OverlapGrid, columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
            self.grid = grid
            self.columns = columns
            self.rows = rows
            row = rows.lowerBound
            column = columns.lowerBound - 1
        }

        mutating func next() -> Int? {
            while entry < 0 {
                column += 1
                if column > columns.upperBound {
                    column = columns.lowerBound
                    row += 1
                }
                guard row <= rows.upperBound else { return nil }
                entry = grid.heads[row * grid.columns + column]
            }
            let found = grid.entries[Int(entry)]
            entry = found.next
            return Int(found.item)
        }
    }
}
