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
    /// The birthday.
    public var birthday: CalendarDay?
    /// The day of death.
    public var deathday: CalendarDay?
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

    private struct Embedded: Decodable {
        var castcredits: [TVMazeCastCredit]?
        var crewcredits: [TVMazeCrewCredit]?
        var guestcastcredits: [TVMazeGuestCastCredit]?
    }

    /// Decodes TVMaze's person object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int.self, forKey: .id)
        url = try c.lenientURL(.url)
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? ""
        country = try c.decodeIfPresent(TVMazeCountry.self, forKey: .country)
        birthday = try c.lenientDay(.birthday)
        deathday = try c.lenientDay(.deathday)
        gender = try c.nonEmptyString(.gender)
        image = try c.decodeIfPresent(TVMazeImageLinks.self, forKey: .image)
        updated = try c.unixTime(.updated)
        let embedded = try c.decodeIfPresent(Embedded.self, forKey: .embedded)
        castCredits = embedded?.castcredits
        crewCredits = embedded?.crewcredits
        guestCastCredits = embedded?.guestcastcredits
    }
}
