public import ArgumentParser
import Foundation

/// A root command whose failures print as one line on standard error and exit non-zero, as every
/// example promises: `program: what failed. What to do.` Exit status 64 means the command line was
/// wrong (a usage error), 1 that the command failed while running. Help and `--version` still print
/// in full on standard output.
///
/// Options given before the subcommand's name are moved after it, so `arrowverse --db X watch …`
/// means what `arrowverse watch --db X …` means. Conform the `@main` command; `main()` comes from here.
public protocol OneLineErrors: AsyncParsableCommand {}

extension OneLineErrors {
    /// Parses and runs the command; any failure becomes one line on stderr and a non-zero exit status.
    public static func main() async {
        let name = configuration.commandName ?? String(describing: Self.self).lowercased()
        let subcommands = configuration.subcommands.map { $0._commandName }
        let arguments = ArgumentOrder.subcommandFirst(Array(CommandLine.arguments.dropFirst()), subcommands: subcommands)
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            let isUsage = code == .validationFailure
            // A run-time error thrown while validating reaches here wrapped in ArgumentParser's own
            // error type, whose description is debug text: its message is the error's own sentence.
            let wrapped = String(reflecting: type(of: error)).hasPrefix("ArgumentParser.")
            let text = isUsage ? ErrorLine.usage(message(for: error), program: name)
                : wrapped ? ErrorLine.normalized(message(for: error)) : ErrorLine.text(for: error)
            FileHandle.standardError.write(Data("\(name): \(text)\n".utf8))
            Foundation.exit(isUsage ? 64 : (code.rawValue == 0 ? 1 : code.rawValue))
        }
    }
}

/// Where options may stand on a command line.
public enum ArgumentOrder {
    /// `arguments` with every argument before the first subcommand name moved after it, so options
    /// given before the subcommand bind to it (`--db X watch` → `watch --db X`). Arguments after `--`
    /// are left alone, and a line without a subcommand name is returned as it is.
    public static func subcommandFirst(_ arguments: [String], subcommands: [String]) -> [String] {
        guard let first = arguments.first, first.hasPrefix("-"), first != "--help", first != "-h", first != "--version" else {
            return arguments
        }
        let names = Set(subcommands)
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        guard let index = arguments[..<end].firstIndex(where: { names.contains($0) }) else { return arguments }
        return [arguments[index]] + arguments[..<index] + arguments[(index + 1)...]
    }
}
