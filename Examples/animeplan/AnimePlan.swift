import ArgumentParser
import Foundation

/// `animeplan`: plan how to watch anime, log what was watched, see the calendar and statistics.
@main
struct AnimePlan: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animeplan",
        abstract: "How many episodes a day to finish by the 31st? When do I finish at two a day?",
        subcommands: [Search.self, Add.self, Today.self, Watched.self, CalendarCommand.self, Stats.self, Export.self],
        defaultSubcommand: Today.self)

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
                FileHandle.standardError.write(Data("animeplan: \(line)\n".utf8))
            }
            Foundation.exit(code.rawValue)
        }
    }
}
