import ArgumentParser
import Foundation
import WatchOrder

/// `arrowverse`: the Arrowverse in watch order, with a checklist kept in a database file.
@main
struct Arrowverse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "arrowverse",
        abstract: "The Arrowverse shows in one watch order, crossovers in part order, with a watched checklist.",
        subcommands: [List.self, Next.self, Watch.self, Unwatch.self, ProgressCommand.self, Export.self, Import.self],
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
                FileHandle.standardError.write(Data("arrowverse: \(line)\n".utf8))
            }
            Foundation.exit(code.rawValue)
        }
    }
}
