import CalPolicyRequests
import MHDHost
import Rendering

extension Router {
    /// What a named token may do with this request: `/metrics` and `/v1/status` need `admin`; a
    /// document route needs `decide` on the stack it asks (each stack, for an overlay); a token
    /// bound to a tenant fills `context.tenant`, and a question naming another tenant is 403.
    func authorize(_ token: TokenSet.Token, route: Route, request: inout HTTPRequest) throws {
        switch route {
        case .health, .ready, .overrides, .github: return
        case .metrics, .status:
            guard token.admin else {
                throw Failure(.forbidden, message: "token '\(token.name)' has no admin right (\(route.rawValue) needs it)")
            }
            return
        default: break
        }
        let asked: [String]
        if route == .overlay {
            asked = (request.query.last { $0.name == "stacks" }?.value ?? "").split(separator: ",").map(String.init)
        } else {
            asked = [request.query.last { $0.name == "stack" }?.value ?? stacks.defaultName]
        }
        for stack in asked where !token.mayDecide(stack) {
            throw Failure(.forbidden, message: "token '\(token.name)' may not ask stack '\(TerminalText.escape(stack))'",
                          parameter: route == .overlay ? "stacks" : "stack")
        }
        guard let tenant = token.tenant else { return }
        for (name, value) in request.query where name == "context.tenant" && value != tenant {
            throw Failure(.tenantMismatch, message: "token '\(token.name)' asks for tenant '\(tenant)', not '\(TerminalText.escape(value))'",
                          parameter: "context")
        }
        if !request.query.contains(where: { $0.name == "context.tenant" }) {
            request.query.append((name: "context.tenant", value: tenant))
        }
    }
}
