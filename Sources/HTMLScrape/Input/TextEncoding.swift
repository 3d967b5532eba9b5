// INTERFACE STUB — the input-decoding work replaces this file.

/// A character encoding that HTML input can arrive in.
public enum TextEncoding: String, Sendable, Hashable, CaseIterable {
    /// UTF-8.
    case utf8 = "UTF-8"
}
