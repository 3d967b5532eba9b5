public import AirdateHTTP
import Foundation

/// Runs `body` and returns the `APIClientError` it threw, or `nil` if it threw none (another error
/// comes back as `.transport`, so that an expectation on the case fails visibly).
public func clientError(_ body: () async throws -> Void) async -> APIClientError? {
    do {
        try await body()
        return nil
    } catch let error as APIClientError {
        return error
    } catch {
        return .transport(reason: "unexpected non-client error \(error)")
    }
}
