import AirdateCore
import Foundation

extension WatchList {
    /// Merges several shows' episode lists into one watch order, the same whatever order the lists
    /// (and the episodes in them) arrive in.
    ///
    /// Each show's episodes keep their own order (air day, then season, overall number, number). Between shows,
    /// the episode that aired first comes first; ties are broken by, in order: the ordering
    /// `rules` (which also win over air days: an episode waits for the episodes a rule puts before
    /// it), the broadcast instant when both are known, a "Part N" in both titles, the position of
    /// the show in `showPriority` (ids or names; shows not listed come after, by id), then season
    /// and number. Episodes without an air day come last. An episode listed twice is kept once.
    ///
    /// A tie that only show priority decided (two shows' episodes on one day, without two instants,
    /// part numbers or a rule to order them) is listed in ``WatchList/priorityTies``, so an app can
    /// say so. A ``OrderingRule/together(name:episodes:)`` group is placed back to back; an episode
    /// that had to come between two of its parts is listed in ``WatchList/interruptions``.
    ///
    /// Cost: O(N log K) for N episodes of K shows (plus the rules).
    ///
    /// - Throws: ``WatchOrderError/Code/contradictoryRules`` naming the episodes of a cycle, or
    ///   ``WatchOrderError/Code/overlappingGroups``.
    public static func merge(
        _ lists: [EpisodeList], rules: [OrderingRule] = [], showPriority: [String] = []
    ) throws(WatchOrderError) -> WatchList {
        // Shows, canonically ordered.
        var showsByID: [String: Show] = [:]
        for list in lists where showsByID[list.show.id] == nil { showsByID[list.show.id] = list.show }
        var priority: [String: Int] = [:]
        for (index, name) in showPriority.enumerated() {
            let id = showsByID[name] != nil ? name : Show.slug(name)
            if priority[id] == nil { priority[id] = index }
        }
        let shows = showsByID.values.sorted {
            let left = priority[$0.id] ?? Int.max
            let right = priority[$1.id] ?? Int.max
            return left != right ? left < right : $0.id < $1.id
        }
        var rank: [String: Int] = [:]
        for (index, show) in shows.enumerated() { rank[show.id] = index }

        // Episodes, one per identity, each show's in its own order.
        var seen = Set<EpisodeID>()
        var byShow = [[Episode]](repeating: [], count: shows.count)
        for list in lists.sorted(by: { $0.show.id < $1.show.id }) {
            for episode in list.episodes where !seen.contains(episode.id) {
                seen.insert(episode.id)
                byShow[rank[episode.showID] ?? rank[list.show.id] ?? 0].append(episode)
            }
        }
        var nodes: [Episode] = []
        nodes.reserveCapacity(seen.count)
        var showOf: [Int] = []
        var next: [Int] = []
        var indegree: [Int] = []
        for (showIndex, episodes) in byShow.enumerated() {
            let keys = episodes.map { ($0.airDay?.daysSince1970 ?? Int.max, $0.season, $0.overall ?? -1, $0.number ?? Int.max) }
            let order = episodes.indices.sorted { left, right in
                let a = keys[left]
                let b = keys[right]
                if a.0 != b.0 { return a.0 < b.0 }
                if a.1 != b.1 { return a.1 < b.1 }
                if a.2 >= 0 && b.2 >= 0 && a.2 != b.2 { return a.2 < b.2 }
                if a.3 != b.3 { return a.3 < b.3 }
                return episodes[left].id < episodes[right].id
            }
            for (offset, episodeIndex) in order.enumerated() {
                nodes.append(episodes[episodeIndex])
                showOf.append(showIndex)
                indegree.append(offset == 0 ? 0 : 1)
                next.append(offset + 1 < order.count ? nodes.count : -1)
            }
        }
        // Flat sort keys, so comparisons touch no strings.
        let days = nodes.map { $0.airDay?.daysSince1970 ?? Int.max }
        let instants = nodes.map { $0.broadcast?.timeIntervalSince1970 ?? .nan }
        let parts = nodes.map { PartNumber.in($0.title) ?? -1 }

        // Rule edges.
        var ruleEdges = [[Int]](repeating: [], count: nodes.count)
        var ruleIn = [[Int]](repeating: [], count: nodes.count)
        var ruleGroup = [Int](repeating: -1, count: nodes.count)  // any rule naming the node, for ties
        var related = Set<Int64>()  // pairs of nodes one rule names together
        var unmatched: [EpisodeReference] = []
        var byID: [EpisodeID: Int] = [:]
        if !rules.isEmpty {
            byID.reserveCapacity(nodes.count)
            for (position, episode) in nodes.enumerated() { byID[episode.id] = position }
        }
        func resolve(_ reference: EpisodeReference) -> Int? {
            for showID in [reference.showID, reference.show] {
                let id = EpisodeID(showID: showID, season: reference.season, number: reference.episode,
                                   overall: reference.overall, title: reference.title ?? "")
                if let position = byID[id], reference.matches(nodes[position]) { return position }
            }
            return nodes.indices.first { reference.matches(nodes[$0]) }
        }
        var seenUnmatched = Set<EpisodeReference>()
        var groups: [(name: String, members: [Int])] = []
        var crossoverParts: [EpisodeID: CrossoverPart] = [:]
        for rule in rules {
            let name: String, references: [EpisodeReference]
            switch rule {
            case .sequence(let n, let r), .together(let n, let r): (name, references) = (n, r)
            case .before: continue
            }
            var found: [Int] = []
            for reference in references {
                if let position = resolve(reference), !found.contains(position) { found.append(position) }
            }
            guard found.count > 1 else { continue }
            for (index, position) in found.enumerated() where crossoverParts[nodes[position].id] == nil {
                crossoverParts[nodes[position].id] = CrossoverPart(name: name, part: index + 1, parts: found.count)
            }
        }
        for rule in rules {
            for reference in rule.references where resolve(reference) == nil && !seenUnmatched.contains(reference) {
                seenUnmatched.insert(reference)
                unmatched.append(reference)
            }
            for (earlier, later) in rule.pairs {
                guard let from = resolve(earlier), let to = resolve(later) else { continue }
                if from == to {
                    throw .contradictoryRules(cycle: [label(nodes[from], shows: showsByID)])
                }
                ruleEdges[from].append(to)
                ruleIn[to].append(from)
                indegree[to] += 1
            }
            let named = rule.references.compactMap(resolve)
            for a in named { for b in named where a < b { related.insert(Int64(a) << 32 | Int64(b)) } }
            if case .together(let name, _) = rule {
                var members: [Int] = []
                for member in named where !members.contains(member) { members.append(member) }
                for member in members where ruleGroup[member] >= 0 {
                    throw .overlappingGroups(
                        episode: label(nodes[member], shows: showsByID), groups: [groups[ruleGroup[member]].name, name])
                }
                for member in members { ruleGroup[member] = groups.count }
                groups.append((name, members))
            }
        }

        // Kahn's algorithm; at most one available episode per show plus those freed by rules.
        // Episodes of one show never compete (the show's order is a chain), so ties end at the show.
        let inOrder: (Int, Int) -> Bool = { left, right in
            if days[left] != days[right] { return days[left] < days[right] }
            let instantA = instants[left]
            let instantB = instants[right]
            if !instantA.isNaN && !instantB.isNaN && instantA != instantB { return instantA < instantB }
            if parts[left] >= 0 && parts[right] >= 0 && parts[left] != parts[right] { return parts[left] < parts[right] }
            if showOf[left] != showOf[right] { return showOf[left] < showOf[right] }
            return left < right
        }
        var heap = MinHeap(areInIncreasingOrder: inOrder)
        for node in nodes.indices where indegree[node] == 0 { heap.push(node) }
        var ordered: [Episode] = []
        ordered.reserveCapacity(nodes.count)
        var orderedNodes: [Int] = []
        orderedNodes.reserveCapacity(nodes.count)
        var placed = [Bool](repeating: false, count: nodes.count)
        var previous = [Int](repeating: -1, count: nodes.count)
        for node in nodes.indices where next[node] >= 0 { previous[next[node]] = node }
        var interruptions: [GroupInterruption] = []
        var openGroup = -1
        /// The unplaced episodes `target` waits for, itself included.
        func waitedFor(_ target: Int) -> Set<Int> {
            var found: Set<Int> = [target]
            var stack = [target]
            while let node = stack.popLast() {
                var before = ruleIn[node]
                if previous[node] >= 0 { before.append(previous[node]) }
                for earlier in before where !placed[earlier] && found.insert(earlier).inserted { stack.append(earlier) }
            }
            return found
        }
        while true {
            var node: Int?
            if openGroup >= 0, let target = groups[openGroup].members.first(where: { !placed[$0] }) {
                // A group is open: its next part, or what that part waits for, comes next.
                let allowed = indegree[target] == 0 ? [target] : waitedFor(target)
                node = heap.popFirst(where: allowed.contains)
                if let picked = node, picked != target {
                    interruptions.append(GroupInterruption(
                        group: groups[openGroup].name, episode: nodes[picked].id, label: label(nodes[picked], shows: showsByID)))
                }
                if node == nil { openGroup = -1 }
            } else {
                openGroup = -1
            }
            if node == nil {
                guard let popped = heap.pop() else { break }
                node = popped
            }
            guard let node else { break }
            if openGroup < 0, ruleGroup[node] >= 0 { openGroup = ruleGroup[node] }
            ordered.append(nodes[node])
            orderedNodes.append(node)
            placed[node] = true
            var freed = ruleEdges[node]
            if next[node] >= 0 { freed.append(next[node]) }
            for successor in freed {
                indegree[successor] -= 1
                if indegree[successor] == 0 { heap.push(successor) }
            }
        }
        if ordered.count < nodes.count {
            throw .contradictoryRules(cycle: findCycle(
                nodes: nodes, placed: placed, next: next, ruleEdges: ruleEdges, shows: showsByID))
        }
        // Ties only show priority decided: episodes of two shows on one day that no instant pair,
        // part numbers or rule ordered.
        var ties: [PriorityTie] = []
        var start = 0
        while start < orderedNodes.count {
            var end = start + 1
            while end < orderedNodes.count && days[orderedNodes[end]] == days[orderedNodes[start]] { end += 1 }
            if days[orderedNodes[start]] != Int.max && end - start > 1 {
                for i in start..<end {
                    for j in (i + 1)..<end {
                        let a = orderedNodes[i], b = orderedNodes[j]
                        guard showOf[a] != showOf[b] else { continue }
                        if !instants[a].isNaN && !instants[b].isNaN && instants[a] != instants[b] { continue }
                        if parts[a] >= 0 && parts[b] >= 0 && parts[a] != parts[b] { continue }
                        if related.contains(Int64(min(a, b)) << 32 | Int64(max(a, b))) { continue }
                        ties.append(PriorityTie(
                            day: CalendarDay(daysSince1970: days[a]), first: nodes[a].id, second: nodes[b].id,
                            firstLabel: label(nodes[a], shows: showsByID), secondLabel: label(nodes[b], shows: showsByID)))
                    }
                }
            }
            start = end
        }
        return WatchList(
            shows: shows, episodes: ordered, unmatchedReferences: unmatched, priorityTies: ties, interruptions: interruptions,
            crossoverParts: crossoverParts)
    }

    private static func label(_ episode: Episode, shows: [String: Show]) -> String {
        EpisodeCode(season: episode.season, number: episode.number, show: shows[episode.showID]?.name ?? episode.showID).formatted(.withShow)
    }

    /// Follows edges among the unplaced episodes until one repeats.
    private static func findCycle(
        nodes: [Episode], placed: [Bool], next: [Int], ruleEdges: [[Int]], shows: [String: Show]
    ) -> [String] {
        guard let start = placed.firstIndex(of: false) else { return [] }
        var visitedAt: [Int: Int] = [:]
        var path: [Int] = []
        var current = start
        // Every unplaced episode has an unplaced successor or is waiting on one; walk successors
        // that are themselves unplaced, depth first, until a node repeats.
        var stack: [(node: Int, successors: [Int], next: Int)] = []
        func successors(_ node: Int) -> [Int] {
            var result = ruleEdges[node].filter { !placed[$0] }
            if next[node] >= 0 && !placed[next[node]] { result.append(next[node]) }
            return result
        }
        var finished = Set<Int>()
        visitedAt[current] = 0
        path.append(current)
        stack.append((current, successors(current), 0))
        while !stack.isEmpty {
            let top = stack.count - 1
            if stack[top].next < stack[top].successors.count {
                current = stack[top].successors[stack[top].next]
                stack[top].next += 1
                if let at = visitedAt[current] {
                    return path[at...].map { label(nodes[$0], shows: shows) }
                }
                if finished.contains(current) { continue }
                visitedAt[current] = path.count
                path.append(current)
                stack.append((current, successors(current), 0))
            } else {
                let done = stack.removeLast().node
                finished.insert(done)
                visitedAt[done] = nil
                path.removeLast()
                if stack.isEmpty, let other = placed.indices.first(where: { !placed[$0] && !finished.contains($0) }) {
                    visitedAt[other] = 0
                    path.append(other)
                    stack.append((other, successors(other), 0))
                }
            }
        }
        return []
    }
}
