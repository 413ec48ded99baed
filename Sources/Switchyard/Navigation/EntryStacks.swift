/// Entry-aware back stacks: how a link was opened (its entry kind) and the screens the app
/// has open decide what a dispatch does to the app's navigation. A route declares, per
/// entry kind, whether its stack replaces, extends or merges with the open one, and the tab
/// it belongs to (`Route.stackPolicy`, `"stack"` in a rule document); `StackPlan` works out
/// the operations (select a tab, pop to a depth, push screens) as a pure function, so an
/// app applies them and a test checks them without a UI (docs/NAVIGATION.md, SEMANTICS §13).

/// How the app was opened when a link arrives.
public struct EntryKind: Sendable, Hashable, CustomStringConvertible {
    /// The name: `cold`, `warm`, `notification`, `link`, or one of the app's own.
    public let name: String

    /// The app was launched by the link.
    public static let coldStart = EntryKind(builtIn: "cold")
    /// The app was running in the background and brought forward by the link.
    public static let warmStart = EntryKind(builtIn: "warm")
    /// The user tapped a notification.
    public static let notification = EntryKind(builtIn: "notification")
    /// A link followed inside the running app.
    public static let inAppLink = EntryKind(builtIn: "link")
    /// The four kinds the library knows.
    public static let builtIn: [EntryKind] = [.coldStart, .warmStart, .notification, .inAppLink]

    private init(builtIn name: String) { self.name = name }

    /// An entry kind by name: a built-in one (`cold`, `warm`, `notification`, `link`) or one
    /// of the app's own (a widget, a shortcut): 1 to 64 bytes of ASCII letters, digits, `-`,
    /// `_` and `.`, other than `tab` and `default` (the other keys of a route's `"stack"`).
    public init(_ name: String) throws(SwitchyardError) {
        if let why = navigationNameProblem(name, what: "an entry kind") {
            throw SwitchyardError(.invalidArgument, "entry kind '\(name)': \(why)")
        }
        if name == "tab" || name == "default" {
            throw SwitchyardError(.invalidArgument, "entry kind '\(name)': '\(name)' is a key of a route's stack policy, not an entry kind")
        }
        self.name = name
    }

    public var description: String { name }
}

/// What a route's stack does with the stack that is open.
public enum StackMode: String, Sendable, Hashable, CaseIterable {
    /// Pop everything and push the route's stack: afterwards the stack is exactly it.
    case replace
    /// Push the route's stack above what is open, without repeating the screens already on
    /// top (the longest end of the open stack that starts the route's stack).
    case extend
    /// Keep the longest common start of the open stack and the route's stack, pop to it and
    /// push the rest: afterwards the stack is exactly the route's, the screens it shares with
    /// the open one kept as they are.
    case merge
}

/// A route's stack declaration: the tab it belongs to and its mode per entry kind.
public struct StackPolicy: Sendable, Hashable {
    /// The tab (a named root of the app) the route's screens live in; nil: the current tab.
    public var tab: String?
    /// The mode for each entry kind named.
    public var modes: [EntryKind: StackMode]
    /// The mode for an entry kind not in `modes` (`"default"` in a rule document).
    public var otherwise: StackMode

    /// A policy: `StackPolicy(tab: "account", modes: [.warmStart: .merge], otherwise: .replace)`.
    public init(tab: String? = nil, modes: [EntryKind: StackMode] = [:], otherwise: StackMode = .replace) {
        self.tab = tab
        self.modes = modes
        self.otherwise = otherwise
    }

    /// What a route that declares nothing does: replace the current tab's stack with its
    /// own, which is what an app did with `Match.stack` before entry kinds existed.
    public static let standard = StackPolicy()

    /// The mode for `entry`.
    public func mode(for entry: EntryKind) -> StackMode { modes[entry] ?? otherwise }
}

/// One screen: the route that opens it (its name, or its pattern when it has none) and its
/// parameters. What an app keeps per screen of its navigation stacks, and what a push opens.
public struct OpenScreen: Sendable, Hashable, CustomStringConvertible {
    /// The route's name (its pattern for an unnamed route).
    public var route: String
    /// The screen's parameters, typed as a match gives them (`12` is not `"12"`).
    public var params: [String: ParameterValue]

    /// A screen: `OpenScreen("hotel", params: ["hotel": 12])`.
    public init(_ route: String, params: [String: ParameterValue] = [:]) {
        self.route = route
        self.params = params
    }

    public var description: String {
        params.isEmpty ? route : route + " " + params.sorted { $0.key < $1.key }
            .map { "\($0.key)=\(parameterText($0.value))" }.joined(separator: " ")
    }
}

/// The screens an app has open: one stack root first (an app without tabs), or the current
/// tab and each tab's stack. A tab's root screen is the tab itself, not part of its stack.
public struct OpenScreens: Sendable, Hashable {
    /// The tab shown (a key of `tabs`), or nil for an app without tabs.
    public var currentTab: String?
    /// Each tab's stack, root first (with tabs).
    public var tabs: [String: [OpenScreen]]
    /// The one stack of an app without tabs, root first.
    public var stack: [OpenScreen]

    /// An app without tabs: its stack, root first.
    public init(_ stack: [OpenScreen] = []) {
        currentTab = nil
        tabs = [:]
        self.stack = stack
    }

    /// An app with tabs: the one shown and each tab's stack (every tab, empty ones too).
    public init(currentTab: String, tabs: [String: [OpenScreen]]) {
        self.currentTab = currentTab
        self.tabs = tabs
        stack = []
    }

    /// The stack of the tab shown (or the one stack).
    public var current: [OpenScreen] { currentTab.map { tabs[$0] ?? [] } ?? stack }

    /// Every screen, all tabs included.
    var screenCount: Int { tabs.values.reduce(stack.count) { $0 + $1.count } }
}

/// One change to the app's navigation, applied in order.
public enum StackOperation: Sendable, Hashable, CustomStringConvertible {
    /// Show this tab; the operations after it apply to its stack.
    case selectTab(String)
    /// Pop screens until this many of the stack remain (0: back to the tab's root).
    case popTo(Int)
    /// Push this screen.
    case push(OpenScreen)

    public var description: String {
        switch self {
        case .selectTab(let t): return "select tab \(t)"
        case .popTo(let n): return "pop to \(n)"
        case .push(let s): return "push \(s)"
        }
    }
}

/// Bounds on entry-aware stacks (docs/SECURITY.md, Limits).
public enum NavigationLimits {
    /// Screens in `OpenScreens`, every tab together.
    public static let maxOpenScreens = 512
    /// Tabs in `OpenScreens`.
    public static let maxTabs = 32
    /// Bytes in a tab or entry kind name.
    public static let maxNameLength = 64
}

/// Why `name` is not a tab or entry kind name, or nil.
func navigationNameProblem(_ name: String, what: String) -> String? {
    symbolNameProblem(name, what: what, maxLength: NavigationLimits.maxNameLength)
}

/// The pure function from (a route's stack, its policy, the entry kind, the open screens)
/// to the operations that turn the open screens into what the policy says.
public enum StackPlan {
    /// The operations that open `target` (root first, the matched screen last) under
    /// `policy` for `entry`, from `open`: a `.selectTab` when the route's tab is not the one
    /// shown, a `.popTo` when screens must go, then a `.push` per screen to open. Throws
    /// `.invalidArgument` when the open screens are not well formed (a current tab that is
    /// not one of the tabs, a bad tab name) or the policy's tab is not one of the app's
    /// tabs, `.limit` past `NavigationLimits`.
    public static func operations(to target: [OpenScreen], policy: StackPolicy, entry: EntryKind,
                                  open: OpenScreens) throws(SwitchyardError) -> [StackOperation] {
        try check(open)
        var ops: [StackOperation] = []
        var stack = open.current
        if let tab = policy.tab, let shown = open.currentTab {
            guard let tabStack = open.tabs[tab] else {
                throw SwitchyardError(.invalidArgument, "the route belongs to tab '\(tab)', which is not one of the open tabs ("
                    + open.tabs.keys.sorted().joined(separator: ", ") + ")")
            }
            if tab != shown { ops.append(.selectTab(tab)) }
            stack = tabStack
        }
        let keep: Int, push: ArraySlice<OpenScreen>
        switch policy.mode(for: entry) {
        case .replace:
            keep = 0
            push = target[...]
        case .merge:
            keep = commonPrefix(stack, target)
            push = target[keep...]
        case .extend:
            keep = stack.count
            push = target[overlap(stack, target)...]
        }
        if keep < stack.count { ops.append(.popTo(keep)) }
        for s in push { ops.append(.push(s)) }
        return ops
    }

    /// Checks open screens made in code or read from JSON.
    static func check(_ open: OpenScreens) throws(SwitchyardError) {
        if open.tabs.count > NavigationLimits.maxTabs {
            throw SwitchyardError(.limit, "the open screens have \(open.tabs.count) tabs; at most \(NavigationLimits.maxTabs)")
        }
        let count = open.screenCount
        if count > NavigationLimits.maxOpenScreens {
            throw SwitchyardError(.limit, "the open screens are \(count) screens; at most \(NavigationLimits.maxOpenScreens)")
        }
        guard let shown = open.currentTab else {
            if !open.tabs.isEmpty {
                throw SwitchyardError(.invalidArgument, "the open screens have tabs but no current tab")
            }
            return
        }
        for t in open.tabs.keys.sorted() {
            if let why = navigationNameProblem(t, what: "a tab name") {
                throw SwitchyardError(.invalidArgument, "open tab '\(t)': \(why)")
            }
        }
        if open.tabs[shown] == nil {
            throw SwitchyardError(.invalidArgument, "the current tab '\(shown)' is not one of the open tabs ("
                + open.tabs.keys.sorted().joined(separator: ", ") + ")")
        }
        if !open.stack.isEmpty {
            throw SwitchyardError(.invalidArgument, "the open screens have tabs and a stack outside them; put each screen in its tab")
        }
    }

    /// How many screens `a` and `b` share from the root.
    static func commonPrefix(_ a: [OpenScreen], _ b: [OpenScreen]) -> Int {
        var k = 0
        while k < a.count, k < b.count, a[k] == b[k] { k += 1 }
        return k
    }

    /// The longest end of `open` that is also the start of `target` (its length).
    static func overlap(_ open: [OpenScreen], _ target: [OpenScreen]) -> Int {
        var k = min(open.count, target.count)
        while k > 0 {
            if open[(open.count - k)...].elementsEqual(target[..<k]) { return k }
            k -= 1
        }
        return 0
    }
}
