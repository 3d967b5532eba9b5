import ArgumentParser
import ArrowverseCommandLine
import CommandLineSupport
import Foundation
import WatchOrder

/// `--order NAME`: the named order one command follows, whatever the viewer chose.
struct OrderOption: ParsableArguments {
    @Option(help: "Follow this watch order for this command (see `arrowverse orders`); default: the chosen one.")
    var order: String?

    func validate() throws {
        if let order, order.isEmpty || order.count > NamedOrder.maximumIDLength {
            throw ValidationError("--order needs an order's id, such as --order crossovers-together (see `arrowverse orders`).")
        }
    }

    /// The watch list in `--order`, else in the chosen order.
    func watchList(_ state: WatchState) throws -> WatchList {
        try state.watchList(in: try named(state))
    }

    /// The order `--order` names (an unknown one is a usage error naming those there are), else the
    /// order in use.
    func named(_ state: WatchState) throws -> NamedOrder? {
        guard let order else { return state.order }
        guard let found = state.order(id: order) else {
            throw ValidationError(WatchOrderStoreError.unknownOrder(order, known: state.orders.map(\.id)).errorDescription ?? order)
        }
        return found
    }
}

/// `arrowverse orders [--choose ID | --default | --add FILE | --remove ID | --show ID] [--json]`
struct Orders: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the watch orders, choose one, or add your own.",
        discussion: """
        Built-in: airing (every episode when it first aired, crossover parts in story order) and \
        crossovers-together (each crossover's parts back to back). The chosen order (saved with the \
        progress) is what list, next and watch --through follow. --show ID prints an order as a \
        definition file: change its id, title and rules, and --add it. A definition is JSON: \
        {"id": "flash-first", "title": "...", "basedOn": "airing", "rules": [{"before": [EARLIER, LATER]}, \
        {"sequence": {"name": "...", "episodes": [...]}}, {"together": {...}}]}, each episode as \
        {"show": "The Flash", "season": 1, "episode": 8}. With --json: {"orders": [{"id", "title", \
        "summary", "origin", "chosen", "rules", "movedFromAiring"}], "chosen": ID}.
        """)

    @OptionGroup var common: CommonOptions
    @Option(help: "Choose this order for list, next and watch --through (saved).") var choose: String?
    @Flag(name: .customLong("default"), help: "Go back to the default order (airing).") var useDefault = false
    @Option(help: "Add your own order from a definition file (JSON), or replace yours with the same id.") var add: String?
    @Option(help: "Remove one of your orders.") var remove: String?
    @Option(help: "Print an order as a definition file to copy and edit.") var show: String?
    @Flag(help: "Print the orders as one JSON document.") var json = false

    func validate() throws {
        let actions = [choose != nil, useDefault, add != nil, remove != nil, show != nil].filter { $0 }.count
        if actions > 1 { throw ValidationError("Give one of --choose, --default, --add, --remove and --show.") }
        for (name, value) in [("--choose", choose), ("--remove", remove), ("--show", show)] {
            if let value, value.isEmpty || value.count > NamedOrder.maximumIDLength {
                throw ValidationError("\(name) needs an order's id, such as \(name) crossovers-together.")
            }
        }
        if add == "" { throw ValidationError("--add needs the path of a definition file.") }
    }

    func run() async throws {
        let store = try await common.openStore()
        var state = try await store.state()
        if let show {
            guard let order = state.order(id: show) else { throw unknown(show, state) }
            FileHandle.standardOutput.write(try order.definitionJSON() + Data("\n".utf8))
            return
        }
        if let choose {
            guard state.order(id: choose) != nil else { throw unknown(choose, state) }
            try await store.chooseOrder(choose)
        } else if useDefault {
            try await store.chooseOrder(nil)
        } else if let add {
            let order: NamedOrder
            do {
                order = try NamedOrder(definition: try FileInput.read(add), orders: state.orders)
            } catch let error as NamedOrderError {
                throw CommandLineError.unreadableFile(add, (error.errorDescription ?? "\(error)").trimmingCharacters(in: CharacterSet(charactersIn: ".")))
            }
            // Check the rules against the episodes before storing: a contradiction is named now.
            do {
                let list = try state.watchList(in: order)
                let airing = try state.watchList(in: state.order(id: NamedOrder.airingID))
                // A rule naming an episode that is not listed (a typo, say) would order nothing.
                let unknown = list.unmatchedReferences.filter { !airing.unmatchedReferences.contains($0) }
                if !unknown.isEmpty {
                    throw CommandLineError.unreadableFile(add, "its rules name \(Plural.count(unknown.count, "episode")) that no show lists: "
                        + unknown.prefix(3).map { "\($0)".terminalSafe.fitted(toWidth: 40) }.joined(separator: ", ") + (unknown.count > 3 ? ", …" : ""))
                }
                let replaced = try await store.saveOrder(order)
                let moved = moved(list, from: airing)
                print("\(replaced ? "Replaced" : "Added") \(order.id) (\(Plural.count(order.rules.count, "rule"))): "
                    + "\(Plural.count(moved, "episode")) placed differently from airing.")
                print("Choose it with: arrowverse orders --choose \(order.id)")
            } catch let error as WatchOrderError {
                throw CommandLineError.unreadableFile(add, "its rules cannot be applied: \(ErrorLine.text(for: error).trimmingCharacters(in: CharacterSet(charactersIn: ".")))")
            }
            return
        } else if let remove {
            guard state.order(id: remove) != nil else { throw unknown(remove, state) }
            let wasChosen = try await store.removeOrder(id: remove)
            print("Removed \(remove)." + (wasChosen ? " It was the chosen order: back to the default." : ""))
            return
        }
        state = try await store.state()
        let airing = try state.watchList(in: state.order(id: NamedOrder.airingID))
        let chosen = state.order?.id
        var rows: [OrdersDocument.Order] = []
        for order in state.orders {
            rows.append(.init(
                id: order.id, title: order.title, summary: order.summary, origin: order.origin.rawValue,
                chosen: order.id == chosen, rules: order.rules.count, movedFromAiring: moved(try state.watchList(in: order), from: airing)))
        }
        if json {
            try JSONOutput.print(OrdersDocument(orders: rows, chosen: chosen))
            return
        }
        if choose != nil || useDefault { print("Chosen: \(chosen ?? "none")") }
        let width = rows.map(\.id.count).max() ?? 0
        for row in rows {
            let moved = row.movedFromAiring == 0 ? "" : " (\(Plural.count(row.movedFromAiring, "episode")) moved)"
            print(("\(row.chosen ? "*" : " ") \(row.id.padding(toLength: width, withPad: " ", startingAt: 0))  \(row.title.terminalSafe)"
                + "\(row.origin == "user" ? " [yours]" : "")\(moved)").fitted(toWidth: Terminal.current().lineWidth))
        }
    }

    private func unknown(_ id: String, _ state: WatchState) -> ValidationError {
        ValidationError(WatchOrderStoreError.unknownOrder(id, known: state.orders.map(\.id)).errorDescription ?? id)
    }

    /// How many episodes stand at another position than in `airing`.
    private func moved(_ list: WatchList, from airing: WatchList) -> Int {
        zip(list.episodes, airing.episodes).filter { $0.id != $1.id }.count
    }
}

/// `arrowverse orders --json`.
struct OrdersDocument: Encodable {
    struct Order: Encodable {
        var id: String
        var title: String
        var summary: String
        var origin: String
        var chosen: Bool
        var rules: Int
        var movedFromAiring: Int
    }

    var orders: [Order]
    var chosen: String?
}
