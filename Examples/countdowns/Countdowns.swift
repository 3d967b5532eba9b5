import ArgumentParser
import CommandLineSupport
import CountdownKit
import Foundation

/// `countdowns`: add, list, edit, archive, remove, watch, export and import countdowns.
@main
struct Countdowns: OneLineErrors {
    static let configuration = CommandConfiguration(
        commandName: "countdowns",
        abstract: "How long until the premiere, the convention, the finale?",
        version: ProgramVersion.current,
        subcommands: [Add.self, List.self, Edit.self, Archive.self, Remove.self, Live.self, WatchAlias.self, Export.self, Import.self],
        defaultSubcommand: List.self)

}
