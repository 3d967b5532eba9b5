/// Whose data a store handle reads and writes: one person's checklist, history, orders, settings,
/// countdowns and plans, kept apart from everyone else's in the same database.
///
/// A program for one person uses ``local`` (the default of every store); a server with accounts opens
/// one handle per signed-in account (`StoreOwner(id: account.id)`). Data every owner shares — the
/// episode catalogue, the ordering rules and the built-in orders — is not per owner.
public struct StoreOwner: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The owner's identifier as stored: the empty string for ``local``, an account's id otherwise.
    public let id: String

    /// The owner with the identifier `id` (an account's stable id, never its display name).
    public init(id: String) {
        self.id = id
    }

    /// The one person of a program without accounts (the command-line tools, a one-person server).
    public static let local = StoreOwner(id: "")

    /// `local` for ``local``, the identifier otherwise.
    public var description: String { id.isEmpty ? "local" : id }
}
