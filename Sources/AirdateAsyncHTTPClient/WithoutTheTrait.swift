#if !AsyncHTTPClient
/// Built without the `AsyncHTTPClient` trait: this module is empty, so that a package that does
/// not enable the trait never fetches AsyncHTTPClient and NIO. Enable it where you depend on
/// Airdate: `.package(url: "…/airdate", from: "…", traits: ["AsyncHTTPClient"])`.
@available(*, unavailable, message: "enable the AsyncHTTPClient trait: .package(url: …, traits: [\"AsyncHTTPClient\"])")
public enum AsyncHTTPClientTransport {}
#endif
