import ArgumentParser
import Foundation

/// A root command whose failures print as one line on stderr (`name: reason`, from the error's
/// `LocalizedError` description when it has one) and exit non-zero, as every example promises.
/// Help and version requests still print in full. Conform the `@main` command; `main()` comes from here.
public protocol OneLineErrors: AsyncParsableCommand {}

extension OneLineErrors {
    /// Parses and runs the command; any failure becomes one line on stderr and a non-zero exit status.
    public static func main() async {
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
                let name = configuration.commandName ?? String(describing: Self.self).lowercased()
                FileHandle.standardError.write(Data("\(name): \(line)\n".utf8))
            }
            Foundation.exit(code.rawValue)
        }
    }
}
