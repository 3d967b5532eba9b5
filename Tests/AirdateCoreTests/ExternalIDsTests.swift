import AirdateCore
import Foundation
import Testing

@Suite("External ids")
struct ExternalIDsTests {
    @Test("Encoded with the services' names; missing and null keys are unknown ids")
    func json() throws {
        let ids = ExternalIDs(tvmaze: 4, theTVDB: 257655, imdb: "tt2193021")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(ids), as: UTF8.self) == #"{"imdb":"tt2193021","thetvdb":257655,"tvmaze":4}"#)
        let decoded = try JSONDecoder().decode(ExternalIDs.self, from: Data(#"{"tvmaze":13,"thetvdb":null,"myanimelist":5114}"#.utf8))
        #expect(decoded == ExternalIDs(tvmaze: 13, myAnimeList: 5114))
        #expect(try JSONDecoder().decode(ExternalIDs.self, from: Data("{}".utf8)).isEmpty)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ExternalIDs.self, from: Data(#"{"tvmaze":"four"}"#.utf8)) }
    }

    @Test("Filling keeps the ids already known; conflicts name the services that disagree")
    func fillAndConflicts() {
        var ids = ExternalIDs(tvmaze: 4, imdb: "tt2193021")
        ids.fill(from: ExternalIDs(tvmaze: 99, theTVDB: 257655, trakt: 1390))
        #expect(ids == ExternalIDs(tvmaze: 4, theTVDB: 257655, imdb: "tt2193021", trakt: 1390))
        #expect(ids.conflicts(with: ExternalIDs(tvmaze: 99, theTVDB: 257655, imdb: "TT2193021")) == ["tvmaze"])
        #expect(ids.conflicts(with: .none).isEmpty)
    }

    @Test("The anime trackers' ids: AniList, Kitsu and AniDB encode, fill, share and conflict like the others")
    func animeTrackers() throws {
        let frieren = ExternalIDs(myAnimeList: 52991, aniList: 154587, kitsu: 46474)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(frieren), as: UTF8.self) == #"{"anilist":154587,"kitsu":46474,"myanimelist":52991}"#)
        #expect(try JSONDecoder().decode(ExternalIDs.self, from: Data(#"{"anidb":17617,"anilist":154587}"#.utf8)) == ExternalIDs(aniList: 154587, aniDB: 17617))
        #expect(frieren.sharesAnID(with: ExternalIDs(aniList: 154587)))
        #expect(!frieren.sharesAnID(with: ExternalIDs(aniDB: 17617)))
        #expect(frieren.conflicts(with: ExternalIDs(kitsu: 1)) == ["kitsu"])
        #expect(frieren.filled(from: ExternalIDs(aniDB: 17617)).aniDB == 17617)
        #expect(frieren.description == "myanimelist 52991, anilist 154587, kitsu 46474")
    }

    @Test("Two sets name one item when one service's ids agree, never on unknown ids")
    func sharing() {
        let arrow = ExternalIDs(tvmaze: 4, theTVDB: 257655, imdb: "tt2193021")
        #expect(arrow.sharesAnID(with: ExternalIDs(imdb: "tt2193021")))
        #expect(arrow.sharesAnID(with: ExternalIDs(theTVDB: 257655, imdb: "tt0000001")))
        #expect(!arrow.sharesAnID(with: ExternalIDs(tvmaze: 13)))
        #expect(!ExternalIDs.none.sharesAnID(with: .none))
        #expect(!ExternalIDs(tmdb: 1412).sharesAnID(with: ExternalIDs(trakt: 1412)))
    }

    @Test("IMDb ids have the shape tt and seven or more digits", arguments: [
        ("tt2193021", true), ("tt11192306", true), ("tt219302", false), ("2193021", false), ("tt21930x1", false),
        ("", false), ("nm1854386", false),
    ])
    func imdbShape(text: String, valid: Bool) {
        #expect(ExternalIDs.isIMDbID(text) == valid)
    }

    @Test("Described by the known ids only")
    func description() {
        #expect(ExternalIDs.none.description == "none")
        #expect(ExternalIDs(tvmaze: 4, imdb: "tt2193021").description == "tvmaze 4, imdb tt2193021")
    }
}
