import ArgumentParser
import CommandLineSupport
import Foundation

/// `animeplan`: plan how to watch anime, log what was watched, see the calendar and statistics.
@main
struct AnimePlan: OneLineErrors {
    static let configuration = CommandConfiguration(
        commandName: "animeplan",
        abstract: "How many episodes a day to finish by the 31st? When do I finish at two a day?",
        version: ProgramVersion.current,
        subcommands: [Search.self, Schedule.self, Add.self, ChangePlan.self, Pause.self, Resume.self, Drop.self, Complete.self, Today.self, Watch.self, WatchedAlias.self, CalendarCommand.self,
                      Stats.self, Export.self, Import.self],
        defaultSubcommand: Today.self)

}
