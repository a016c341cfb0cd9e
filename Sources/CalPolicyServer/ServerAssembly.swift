/// The parts of a server, built from its configuration: every stack loaded (the first refusal
/// ends it), the registry, the response cache emptied on each swap, and the router. `ServeMain`
/// puts a daemon and signals around it; tests call the router in-process.
struct ServerAssembly {
    let registry: StackRegistry
    let cache: ResponseCache
    let metrics: Metrics
    let router: Router

    struct Refusal: Error {
        var stack: String
        var message: String
    }

    static func make(_ configuration: ServeConfiguration, cores: Int, token: String?, tokens: TokenSet? = nil,
                     decisions: DecisionLog?, overrides: OverrideStore? = nil,
                     cacheHash: @escaping @Sendable (CacheKey) -> Int = { $0.hashValue }) -> Result<ServerAssembly, Refusal> {
        // Each stack has as many policy sets as workers: a worker never waits for a set.
        let poolSize = configuration.stackWorkers
        let loader = StackLoader(verbose: configuration.verbose, fixedToday: configuration.fixedToday,
                                 poolSize: poolSize, gateTests: configuration.gateTests)
        let metrics = Metrics()
        var slots: [StackRegistry.Slot] = []
        for stack in configuration.stacks {
            switch loader.load(name: stack.name, paths: stack.paths) {
            case .success(let version):
                slots.append(StackRegistry.Slot(name: stack.name, paths: stack.paths, live: version))
            case .failure(let refusal):
                return .failure(Refusal(stack: stack.name, message: refusal.message))
            }
        }
        let registry = StackRegistry(slots: slots, loader: loader, metrics: metrics)
        // `cacheHash`: the bucket a key lands in; a test makes every key collide.
        let cache = ResponseCache(capacity: configuration.cacheEntries, hash: cacheHash)
        registry.onSwap = { cache.clear() }
        let queues = StackQueues(stacks: configuration.stacks.map(\.name), workers: poolSize, depth: configuration.stackQueue)
        let router = Router(configuration: configuration, stacks: registry, metrics: metrics, cache: cache, token: token,
                            tokens: tokens, decisions: decisions, overrides: overrides, queues: queues)
        return .success(ServerAssembly(registry: registry, cache: cache, metrics: metrics, router: router))
    }
}
