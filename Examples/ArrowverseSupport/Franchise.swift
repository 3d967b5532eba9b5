public import WatchOrder
public import WatchOrderWiki

/// A series `arrowverse` follows: where its episodes are listed and its TVMaze id.
public struct Series: Sendable {
    /// The show's name.
    public var name: String
    /// The Wikipedia "List of … episodes" page, as titled (also the snapshot's file name).
    public var wikipediaTitle: String
    /// The show's id on TVMaze, `nil` when it has none there.
    public var tvmazeID: Int?
    /// The season, for a one-season show whose page names none.
    public var season: Int? = nil

    /// The show.
    public var show: Show { Show(name: name) }
    /// The page its episodes are read from.
    public var page: WikiPage { WikiPage(site: .englishWikipedia, title: wikipediaTitle, show: show, season: season) }
}

/// The series followed. Data, not logic: add a series by adding a line.
public enum Franchise {
    /// The wiki with an article per episode of every series (the Arrowverse Fandom community, as
    /// arrowverse.info links them): episodes whose list page links no article of their own are linked there.
    public static let episodeWiki = WikiSite.fandom("arrow")

    /// Every series, in the order the franchise's rules give them priority.
    public static let series: [Series] = [
        Series(name: "Arrow", wikipediaTitle: "List_of_Arrow_episodes", tvmazeID: 4),
        Series(name: "The Flash", wikipediaTitle: "List_of_The_Flash_(2014_TV_series)_episodes", tvmazeID: 13),
        Series(name: "Supergirl", wikipediaTitle: "List_of_Supergirl_episodes", tvmazeID: 1850),
        Series(name: "Legends of Tomorrow", wikipediaTitle: "List_of_Legends_of_Tomorrow_episodes", tvmazeID: 1851),
        Series(name: "Batwoman", wikipediaTitle: "List_of_Batwoman_episodes", tvmazeID: 37776),
        Series(name: "Black Lightning", wikipediaTitle: "List_of_Black_Lightning_episodes", tvmazeID: 20683),
        Series(name: "Superman & Lois", wikipediaTitle: "List_of_Superman_&_Lois_episodes", tvmazeID: 44751),
        Series(name: "Stargirl", wikipediaTitle: "List_of_Stargirl_episodes", tvmazeID: 37809),
        // Short series listed in their own articles.
        Series(name: "Constantine", wikipediaTitle: "Constantine_(TV_series)", tvmazeID: nil, season: 1),
        Series(name: "Vixen", wikipediaTitle: "Vixen_(web_series)", tvmazeID: nil),
        Series(name: "Freedom Fighters: The Ray", wikipediaTitle: "Freedom_Fighters:_The_Ray", tvmazeID: nil),
    ]
}
