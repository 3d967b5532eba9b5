public import Foundation

/// A way to watch the episodes, by name: the airing order, crossovers back to back, or an order a
/// viewer defines — a set of ``OrderingRule``s (and optionally its own show priority) that
/// ``WatchList/merge(_:rules:showPriority:)`` applies on top of the broadcast order.
///
/// A viewer's chosen order is stored with their progress (``WatchOrderStore/chooseOrder(_:)``);
/// apps supply their built-in orders (``WatchOrderStore/setBuiltInOrders(_:)``) and viewers add their
/// own from a definition file (``init(definition:orders:)``):
///
/// ```json
/// {"id": "flash-first", "title": "The Flash first",
///  "summary": "Airing order, but The Flash before Arrow on a shared crossover week.",
///  "basedOn": "crossovers-together",
///  "showPriority": ["The Flash", "Arrow"],
///  "rules": [{"before": [{"show": "The Flash", "season": 1, "episode": 8},
///                        {"show": "Arrow", "season": 3, "episode": 7}]}]}
/// ```
///
/// `basedOn` copies another order's rules (and show priority, unless given) before the
/// definition's own; the stored order is self-contained.
public struct NamedOrder: Sendable, Hashable, Codable, Identifiable {
    /// Where an order comes from.
    public enum Origin: String, Sendable, Hashable, Codable {
        /// Supplied by the app (its data); replaced when the app supplies new ones.
        case builtIn
        /// Defined by the viewer; kept until the viewer removes it.
        case user
    }

    /// The name commands take: lower-case letters, digits and dashes (`airing`).
    public var id: String
    /// A short title ("Airing order").
    public var title: String
    /// One or two sentences saying how episodes are ordered.
    public var summary: String
    /// The rules.
    public var rules: [OrderingRule]
    /// Show ids or names, highest priority first, for ties; `nil` for the store's priority.
    public var showPriority: [String]?
    /// Where the order comes from.
    public var origin: Origin

    /// The id of the airing order an app's built-in orders usually start with.
    public static let airingID = "airing"

    /// The longest id accepted.
    public static let maximumIDLength = 40

    /// Creates an order.
    public init(id: String, title: String, summary: String = "", rules: [OrderingRule], showPriority: [String]? = nil, origin: Origin = .builtIn) {
        self.id = id
        self.title = title
        self.summary = summary
        self.rules = rules
        self.showPriority = showPriority
        self.origin = origin
    }

    private enum CodingKeys: String, CodingKey { case id, title, summary, rules, showPriority, origin }

    /// Decodes an order as ``WatchOrderStore`` stores it; `summary` defaults to empty, `origin` to
    /// `builtIn`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        summary = try container.decodeIfPresent(String.self, forKey: .summary) ?? ""
        rules = try container.decode([OrderingRule].self, forKey: .rules)
        showPriority = try container.decodeIfPresent([String].self, forKey: .showPriority)
        origin = try container.decodeIfPresent(Origin.self, forKey: .origin) ?? .builtIn
    }

    /// Reads a viewer's order definition (see the type's documentation), resolving `basedOn` against
    /// `orders`. The result's ``origin`` is ``Origin/user``.
    ///
    /// The id must be 1 to ``maximumIDLength`` lower-case ASCII letters, digits and dashes; the title
    /// defaults to the id; every rule's episode references must name a show, a season ≥ 0 and a
    /// number, overall number or title; a sequence or group orders at least two episodes.
    ///
    /// - Throws: ``NamedOrderError`` saying what is wrong and where.
    public init(definition: Data, orders: [NamedOrder] = []) throws(NamedOrderError) {
        let file: Definition
        do {
            file = try JSONDecoder().decode(Definition.self, from: definition)
        } catch let error as DecodingError {
            throw .unreadable(NamedOrderError.describe(error), underlying: error)
        } catch {
            throw .unreadable("\(error)", underlying: error)
        }
        guard !file.id.isEmpty, file.id.count <= Self.maximumIDLength,
              file.id.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }),
              file.id.first != "-", file.id.last != "-"
        else { throw .invalidID(String(file.id.prefix(Self.maximumIDLength + 1))) }
        var rules: [OrderingRule] = []
        var priority = file.showPriority
        if let base = file.basedOn {
            guard let found = orders.first(where: { $0.id == base }) else {
                throw .unknownBase(base, known: orders.map(\.id))
            }
            rules = found.rules
            priority = priority ?? found.showPriority
        }
        for (index, rule) in file.rules.enumerated() {
            if rule.references.count < 2 { throw .invalidRule(index: index, "\"\(rule.name)\" orders fewer than two episodes") }
            for reference in rule.references {
                if reference.show.trimmingCharacters(in: .whitespaces).isEmpty || reference.season < 0
                    || (reference.episode == nil && reference.overall == nil && (reference.title ?? "").isEmpty)
                    || (reference.episode ?? 1) < 0
                {
                    throw .invalidRule(index: index, "\(reference) does not name one episode (show, season and a number, overall number or title)")
                }
            }
        }
        rules += file.rules
        self.init(
            id: file.id, title: file.title.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 } ?? file.id,
            summary: file.summary ?? "", rules: rules, showPriority: priority, origin: .user)
    }

    /// The definition a viewer writes (see the type's documentation): what
    /// ``init(definition:orders:)`` reads and ``definitionJSON()`` writes.
    private struct Definition: Codable {
        var id: String
        var title: String?
        var summary: String?
        var basedOn: String?
        var showPriority: [String]?
        var rules: [OrderingRule]
    }

    /// This order as a definition file (pretty-printed JSON, keys sorted) that
    /// ``init(definition:orders:)`` reads back: a copy to edit into a new order.
    public func definitionJSON() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(Definition(id: id, title: title, summary: summary, basedOn: nil, showPriority: showPriority, rules: rules))
    }
}

/// Why an order definition could not be read.
///
/// A struct with a ``code`` (match with `catch NamedOrderError.Code.invalidRule { }`), so that a
/// code added later never breaks a caller's `switch`.
public struct NamedOrderError: Error, LocalizedError, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure. New codes may be added in any release: compare with `==` or match
    /// in a `catch`, and keep a default branch.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as in `NamedOrderError.Code.invalidRule`.
        public let description: String

        private init(_ name: String) { description = name }

        /// The file is not JSON of an order definition; ``NamedOrderError/reason`` says where.
        public static let unreadable = Code("unreadable")
        /// The id (``NamedOrderError/orderID``) is not 1–40 lower-case letters, digits and dashes.
        public static let invalidID = Code("invalidID")
        /// `basedOn` (``NamedOrderError/orderID``) names no known order (``NamedOrderError/knownOrders``).
        public static let unknownBase = Code("unknownBase")
        /// A rule (``NamedOrderError/ruleIndex``, from 0) is not usable; ``NamedOrderError/reason`` says why.
        public static let invalidRule = Code("invalidRule")

        /// Matches an error against a code in a `catch` clause or a `switch`.
        public static func ~= (code: Code, error: any Error) -> Bool { (error as? NamedOrderError)?.code == code }

        /// Matches a `NamedOrderError` against a code (a `catch` after `throws(NamedOrderError)`).
        public static func ~= (code: Code, error: NamedOrderError) -> Bool { error.code == code }
    }

    /// The kind of failure.
    public var code: Code
    /// What is wrong and where, in words.
    public var reason: String?
    /// The order id concerned: the invalid id (``Code/invalidID``), the unknown base (``Code/unknownBase``).
    public var orderID: String?
    /// For ``Code/unknownBase``: the ids of the orders that exist.
    public var knownOrders: [String]
    /// For ``Code/invalidRule``: the rule's place in `rules`, from 0.
    public var ruleIndex: Int?
    /// The decoder's error, for ``Code/unreadable``.
    public var underlying: (any Error & Sendable)?

    /// An error of `code`; the other properties say what is known.
    public init(
        _ code: Code, reason: String? = nil, orderID: String? = nil, knownOrders: [String] = [], ruleIndex: Int? = nil,
        underlying: (any Error & Sendable)? = nil
    ) {
        self.code = code
        self.reason = reason
        self.orderID = orderID
        self.knownOrders = knownOrders
        self.ruleIndex = ruleIndex
        self.underlying = underlying
    }

    /// The file cannot be read, for `reason`.
    public static func unreadable(_ reason: String, underlying: (any Error & Sendable)? = nil) -> NamedOrderError {
        NamedOrderError(.unreadable, reason: reason, underlying: underlying)
    }
    /// `id` is not a valid order id.
    public static func invalidID(_ id: String) -> NamedOrderError { NamedOrderError(.invalidID, orderID: id) }
    /// `base` names no order of `known`.
    public static func unknownBase(_ base: String, known: [String]) -> NamedOrderError {
        NamedOrderError(.unknownBase, orderID: base, knownOrders: known)
    }
    /// The rule at `index` is not usable, for `reason`.
    public static func invalidRule(index: Int, _ reason: String) -> NamedOrderError {
        NamedOrderError(.invalidRule, reason: reason, ruleIndex: index)
    }

    /// What is wrong and what to do, in one line.
    public var errorDescription: String? {
        switch code {
        case .unreadable:
            return "The order definition cannot be read: \(reason ?? "it is not an order definition"). Check the file's JSON."
        case .invalidID:
            return "The order id \"\(orderID ?? "")\" is not valid: use 1 to \(NamedOrder.maximumIDLength) lower-case letters, digits and dashes, such as \"flash-first\"."
        case .unknownBase:
            return "The order is based on \"\(orderID ?? "")\", which is not an order here"
                + (knownOrders.isEmpty ? "." : "; the orders are \(knownOrders.joined(separator: ", ")).")
        case .invalidRule:
            return "Rule \((ruleIndex ?? 0) + 1) of the order is not usable: \(reason ?? "it names no episodes")."
        default:
            return "The order definition cannot be used (\(code)): \(reason ?? "no detail")."
        }
    }

    /// The code and the description.
    public var description: String { "NamedOrderError.\(code): \(errorDescription ?? "")" }

    /// Equal when everything but ``underlying`` is equal.
    public static func == (lhs: NamedOrderError, rhs: NamedOrderError) -> Bool {
        lhs.code == rhs.code && lhs.reason == rhs.reason && lhs.orderID == rhs.orderID && lhs.knownOrders == rhs.knownOrders
            && lhs.ruleIndex == rhs.ruleIndex
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let text = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "the top" : text
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty: return "it is not valid JSON"
        case .dataCorrupted(let context): return "the value at \(path(context)) is not valid (\(context.debugDescription))"
        case .keyNotFound(let key, let context): return "\"\(key.stringValue)\" is missing at \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "the value at \(path(context)) has the wrong type"
        @unknown default: return "it does not have the shape of an order definition"
        }
    }
}

extension OrderingRuleSet {
    /// The built-in orders of a franchise's rule file: the airing order (`airing`: every episode
    /// by broadcast, crossover parts and same-night pairs in story order) and crossovers back to
    /// back (`crossovers-together`: the main crossovers' parts one after another, an episode that
    /// aired between two parts moved after the last).
    public var builtInOrders: [NamedOrder] {
        let others = (otherCrossovers ?? []).map { OrderingRule.sequence(name: $0.name, episodes: $0.order) }
        let nights = (sameNight ?? []).flatMap { night in
            zip(night.order, night.order.dropFirst()).map { OrderingRule.before($0, $1) }
        }
        return [
            NamedOrder(
                id: NamedOrder.airingID, title: "Airing order",
                summary: "Every episode when it first aired (US broadcast time); crossover parts and shared nights in story order.",
                rules: rules, showPriority: shows),
            NamedOrder(
                id: "crossovers-together", title: "Crossovers back to back",
                summary: "The airing order, except that each crossover's parts come one after another: an episode that aired between two parts waits until the last.",
                rules: crossovers.map { .together(name: $0.name, episodes: $0.order) } + others + nights, showPriority: shows),
        ]
    }
}
