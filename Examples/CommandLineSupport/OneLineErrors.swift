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
            var text = isUsage ? ErrorLine.usage(message(for: error), program: name)
                : wrapped ? ErrorLine.normalized(message(for: error)) : ErrorLine.text(for: error)
            var status = isUsage ? 64 : (code.rawValue == 0 ? 1 : code.rawValue)
            if isUsage, let better = UsageRefinement.refined(message(for: error), arguments: arguments, knownNames: knownNames(arguments)) {
                // An out-of-range number is a run-time failure (exit 1), as the programs' other ones.
                text = better.outOfRange ? ErrorLine.normalized(better.text) : ErrorLine.usage(better.text, program: name)
                status = better.outOfRange ? 1 : 64
            }
            FileHandle.standardError.write(Data("\(name): \(ErrorLine.shortened(text))\n".utf8))
            Foundation.exit(Int32(status))
        }
    }
}

extension OneLineErrors {
    /// Every option name the root command and the subcommand named in `arguments` know (`--db`, `-h`).
    static func knownNames(_ arguments: [String]) -> Set<String> {
        var commands: [any ParsableCommand.Type] = [Self.self]
        if let name = arguments.first(where: { !$0.hasPrefix("-") }),
           let subcommand = configuration.subcommands.first(where: { $0._commandName == name }) {
            commands.append(subcommand)
        }
        var names: Set<String> = ["--help", "-h", "--version"]
        let pattern = #/(?:^|[\s,\[(])(--[A-Za-z0-9][A-Za-z0-9-]*|-[A-Za-z])/#.anchorsMatchLineEndings()
        for command in commands {
            let help = helpMessage(for: command, includeHidden: true, columns: 10_000)
            for match in help.matches(of: pattern) { names.insert(String(match.output.1)) }
        }
        return names
    }
}

/// Better words for ArgumentParser's usage errors that name the wrong thing.
enum UsageRefinement {
    /// What to say instead of `message`, and whether it is an out-of-range number (exit status 1,
    /// as the programs' other out-of-range numbers) rather than a usage error; `nil` to keep it.
    ///
    /// - An option the command does not know, taken by ArgumentParser for a missing argument
    ///   (`search --bogus`: "Missing expected argument '<text>'"), is reported as unknown.
    /// - A negative number where an argument goes (`watched 457 -3`), which ArgumentParser reads as
    ///   an option and then misses the argument, is reported as out of range.
    static func refined(_ message: String, arguments: [String], knownNames: Set<String>) -> (text: String, outOfRange: Bool)? {
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        let given = arguments[..<end]
        func isNegativeNumber(_ token: String) -> Bool { token.count > 1 && token.hasPrefix("-") && Double(token) != nil }
        let optionLike = given.filter { $0.hasPrefix("-") && $0 != "-" && !isNegativeNumber($0) }
        let unknown = optionLike.first { token in
            let name = token.split(separator: "=", maxSplits: 1).first.map(String.init) ?? token
            return !knownNames.contains(name)
        }
        if let unknown {
            let name = unknown.split(separator: "=", maxSplits: 1).first.map(String.init) ?? unknown
            if message.hasPrefix("Missing expected argument") || message.hasPrefix("Unknown option") {
                let suggestion = closest(to: name, in: knownNames).map { " Did you mean '\($0)'?" } ?? ""
                return ("Unknown option '\(TerminalText.echoed(name, limit: 40))'.\(suggestion)", false)
            }
        }
        if message.hasPrefix("Missing expected argument"), let negative = given.first(where: isNegativeNumber) {
            let argument = message.firstMatch(of: #/'<([^>]+)>'/#).map { String($0.output.1).uppercased() } ?? "The argument"
            return ("\(argument) \(TerminalText.echoed(negative, limit: 30)) is out of range. Give a number of 1 or more.", true)
        }
        return nil
    }

    /// The known name nearest `name` (at most two edits away), if any.
    static func closest(to name: String, in names: Set<String>) -> String? {
        let candidates = names.filter { $0.hasPrefix("--") }
            .map { ($0, distance(Array(name), Array($0))) }
            .filter { $0.1 <= 2 }
        return candidates.min { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }?.0
    }

    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard a.count < 100, b.count < 100 else { return Int.max }
        var previous = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(1, b.count) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
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
