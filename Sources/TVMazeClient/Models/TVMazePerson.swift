import AirdateHTTP
public import AirdateCore
public import Foundation

/// A person: actor, crew member or guest.
public struct TVMazePerson: Sendable, Hashable, Decodable, Identifiable {
    /// TVMaze's id.
    public var id: Int
    /// The person's page on tvmaze.com.
    public var url: URL?
    /// The name.
    public var name: String
    /// The country of birth.
    public var country: TVMazeCountry?
    /// The birthday, when TVMaze knows the day.
    public var birthday: CalendarDay?
    /// The year of birth: the ``birthday``'s year, or the year alone when TVMaze knows no more
    /// (`"birthday": "1970"`).
    public var birthYear: Int?
    /// The day of death, when TVMaze knows the day.
    public var deathday: CalendarDay?
    /// The year of death: the ``deathday``'s year, or the year alone when TVMaze knows no more.
    public var deathYear: Int?
    /// "Male", "Female" or other text TVMaze uses.
    public var gender: String?
    /// Portrait.
    public var image: TVMazeImageLinks?
    /// When TVMaze last changed the person.
    public var updated: Date?
    /// Cast credits, with `embed[]=castcredits` (each with its show embedded when TVMaze sends it).
    public var castCredits: [TVMazeCastCredit]?
    /// Crew credits, with `embed[]=crewcredits`.
    public var crewCredits: [TVMazeCrewCredit]?
    /// Guest-cast credits, with `embed[]=guestcastcredits`.
    public var guestCastCredits: [TVMazeGuestCastCredit]?

    enum CodingKeys: String, CodingKey {
        case id, url, name, country, birthday, deathday, gender, image, updated
        case embedded = "_embedded"
    }

    private enum EmbeddedKeys: String, CodingKey { case castcredits, crewcredits, guestcastcredits }

    /// Decodes TVMaze's person object. Only `id` is required; a birthday or day of death given as a
    /// year alone keeps its year (``birthYear``, ``deathYear``) and is reported; any other field
    /// that cannot be read becomes `nil` and is reported.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        id = try c.requiredInteger(.id)
        url = c.url(.url)
        name = c.string(.name) ?? ""
        country = c.value(TVMazeCountry.self, .country)
        birthday = c.day(.birthday, yearKeptIn: "birthYear")
        birthYear = c.year(.birthday)
        deathday = c.day(.deathday, yearKeptIn: "deathYear")
        deathYear = c.year(.deathday)
        gender = c.string(.gender)
        image = c.value(TVMazeImageLinks.self, .image)
        updated = c.unixTime(.updated)
        let embedded = c.nested(keyedBy: EmbeddedKeys.self, .embedded)
        castCredits = embedded?.listIfPresent(TVMazeCastCredit.self, .castcredits)
        crewCredits = embedded?.listIfPresent(TVMazeCrewCredit.self, .crewcredits)
        guestCastCredits = embedded?.listIfPresent(TVMazeGuestCastCredit.self, .guestcastcredits)
    }
}
