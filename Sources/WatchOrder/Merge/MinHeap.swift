/// A binary min-heap of indices ordered by a comparison.
struct MinHeap {
    private var items: [Int] = []
    let areInIncreasingOrder: (Int, Int) -> Bool

    init(areInIncreasingOrder: @escaping (Int, Int) -> Bool) {
        self.areInIncreasingOrder = areInIncreasingOrder
    }

    var isEmpty: Bool { items.isEmpty }

    mutating func push(_ item: Int) {
        items.append(item)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard areInIncreasingOrder(items[child], items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Int? {
        guard let first = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < items.count && areInIncreasingOrder(items[left], items[smallest]) { smallest = left }
                if right < items.count && areInIncreasingOrder(items[right], items[smallest]) { smallest = right }
                if smallest == parent { break }
                items.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return first
    }

    /// Pops the smallest item that satisfies `isIncluded`, keeping the others; `nil` when none does.
    mutating func popFirst(where isIncluded: (Int) -> Bool) -> Int? {
        var skipped: [Int] = []
        defer { for item in skipped { push(item) } }
        while let item = pop() {
            if isIncluded(item) { return item }
            skipped.append(item)
        }
        return nil
    }
}
