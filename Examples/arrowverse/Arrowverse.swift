import ArgumentParser
import CommandLineSupport
import Foundation
import WatchOrder

/// `arrowverse`: the Arrowverse in watch order, with a checklist kept in a database file.
@main
struct Arrowverse: OneLineErrors {
    static let configuration = CommandConfiguration(
        commandName: "arrowverse",
        abstract: "The Arrowverse shows in one watch order, crossovers in part order, with a watched checklist.",
        version: ProgramVersion.current,
        subcommands: [
            List.self, Shows.self, Next.self, Watch.self, Unwatch.self, History.self, Undo.self, ProgressCommand.self, Export.self,
            Import.self, Orders.self,
        ],
        defaultSubcommand: List.self)

}
