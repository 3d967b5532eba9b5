import ArgumentParser
import CountdownKit
import Foundation

/// `countdowns`: add, list, edit, archive, remove, watch, export and import countdowns.
@main
struct Countdowns: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "countdowns",
        abstract: "How long until the premiere, the convention, the finale?",
        subcommands: [Add.self, List.self, Edit.self, Archive.self, Remove.self, Watch.self, Export.self, Import.self],
        defaultSubcommand: List.self)

    /// Runs the command; any failure becomes one line on stderr and a non-zero exit status.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
            } else {
                let text: String
                if let described = error as? any LocalizedError, let description = described.errorDescription {
                    text = description
                } else {
                    text = message(for: error)
                }
                let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? "failed"
                FileHandle.standardError.write(Data("countdowns: \(line)\n".utf8))
            }
            Foundation.exit(code.rawValue)
        }
    }
}
