import AirdateCore
import Testing

@Suite("EpisodeCode: the one episode-code formatter and its named styles")
struct EpisodeCodeTests {
    @Test("a numbered episode in every style")
    func numbered() {
        let code = EpisodeCode(season: 3, number: 8, show: "Arrow")
        #expect(code.formatted(.compact) == "S3E08")
        #expect(code.formatted(.padded) == "S03E08")
        #expect(code.formatted(.crossSeason) == "3x08")
        #expect(code.formatted(.withShow) == "Arrow 3x08")
        #expect(code.description == "S3E08")
    }

    @Test("two-digit numbers and seasons are not padded further")
    func twoDigits() {
        let code = EpisodeCode(season: 12, number: 23)
        #expect(code.formatted(.compact) == "S12E23")
        #expect(code.formatted(.padded) == "S12E23")
        #expect(code.formatted(.crossSeason) == "12x23")
        // Without a show, withShow is the cross-season code alone.
        #expect(code.formatted(.withShow) == "12x23")
        #expect(EpisodeCode(season: 2019, number: 81).formatted(.padded) == "S2019E81")
    }

    @Test("a special: its place among the show's specials when known, else its season")
    func specials() {
        let placed = EpisodeCode(season: 5, number: nil, specialIndex: 2, show: "Legends of Tomorrow")
        #expect(placed.formatted(.crossSeason) == "special 2")
        #expect(placed.formatted(.withShow) == "Legends of Tomorrow special 2")
        #expect(placed.formatted(.compact) == "S5 special")
        #expect(placed.formatted(.padded) == "S05 special")
        let unplaced = EpisodeCode(season: 1, number: nil, show: "Arrow")
        #expect(unplaced.formatted(.crossSeason) == "S1 special")
        #expect(unplaced.formatted(.withShow) == "Arrow S1 special")
    }

    @Test("a number not known is not a special")
    func partlyKnown() {
        let seasonOnly = EpisodeCode(season: 2, number: nil, isSpecial: false)
        #expect(seasonOnly.formatted(.padded) == "S02")
        #expect(seasonOnly.formatted(.crossSeason) == "2x?")
        let numberOnly = EpisodeCode(season: nil, number: 12)
        #expect(numberOnly.formatted(.padded) == "E12")
        #expect(numberOnly.formatted(.crossSeason) == "?x12")
        #expect(EpisodeCode(season: nil, number: nil, isSpecial: false, show: "Doctor Who").formatted(.withShow) == "Doctor Who ?x?")
    }

    @Test("codes are read back from the cross-season and S-E spellings")
    func parsing() {
        for text in ["3x08", "3x8", "S3E08", "s3e8", "S03E08"] {
            let code = EpisodeCode(parsing: text)
            #expect(code?.season == 3 && code?.number == 8, "\(text)")
        }
        #expect(EpisodeCode(parsing: "5x00")?.number == 0)
        for text in ["", "3x", "x8", "S3", "three x eight", "3x08x1", "-1x2", "S3E٠٨"] {
            #expect(EpisodeCode(parsing: text) == nil, "\(text)")
        }
        // What a style writes, it reads back.
        for style in [EpisodeCode.Style.compact, .padded, .crossSeason] {
            #expect(EpisodeCode(parsing: EpisodeCode(season: 7, number: 9).formatted(style)) == EpisodeCode(season: 7, number: 9))
        }
    }
}
