// docs/NAVIGATION.md's worked example, as written there.
import Testing
import Switchyard

@Suite("Navigation: docs example")
struct NavigationDocExampleTests {
    struct AppContext: Sendable { var userID: Int?; var source: String }

    @Test("notifications and deep links through one table")
    func example() throws {
        let router = Router()
        try router.loadRules(json: """
            {"version": 1, "routes": [
              {"pattern": "myapp://hotels", "target": "HotelList", "name": "hotels"},
              {"pattern": "myapp://hotels/<int:hotel>", "target": "Hotel", "name": "hotel", "parent": "hotels"},
              {"pattern": "myapp://hotels/<int:hotel>/rooms/:room", "target": "Room", "name": "room", "parent": "hotel"},
              {"pattern": "myapp://bookings/<int:id>", "target": "Booking"},
              {"pattern": "https://example.com/h/<int:hotel>", "redirect": "myapp://hotels/{hotel}"},
              {"pattern": "myapp://*", "target": "Home"}
            ]}
            """)
        router.handle("HotelList") { m, _ in .accepted(m.stack.map(\.url)) }
        router.handle("Hotel") { m, _ in .accepted(m.stack.map(\.url)) }
        router.handle("Room") { m, _ in .accepted(m.stack.map(\.url)) }
        router.handle("Booking") { (m: Match, app: AppContext) -> [String]? in
            guard app.userID != nil else { return nil }
            return ["booking \(m.int("id") ?? 0)"]
        }
        router.handle("Home") { _, _ in .accepted(["home"]) }
        func open(_ link: String, _ app: AppContext) -> [String] {
            let result = try? router.dispatch(link, context: app)
            return result?.value(as: [String].self) ?? ["home"]
        }
        let guest = AppContext(userID: nil, source: "push")
        #expect(open("myapp://hotels/12/rooms/a4", guest) == ["myapp://hotels", "myapp://hotels/12", "myapp://hotels/12/rooms/a4"])
        #expect(open("https://example.com/h/12", guest) == ["myapp://hotels", "myapp://hotels/12"])
        #expect(try router.dispatch("myapp://bookings/9", context: guest).match?.target == "Home")
        #expect(open("myapp://bookings/9", AppContext(userID: 5, source: "push")) == ["booking 9"])
        #expect(try router.url(for: "room", parameters: ["hotel": 12, "room": "a4"]) == "myapp://hotels/12/rooms/a4")
        let hotel: Int = 12
        #expect(try router.url(for: "hotel", parameters: ["hotel": hotel, "wide": true]) == "myapp://hotels/12?wide=true")
    }
}
