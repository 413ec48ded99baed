// The common program in Swift: register three routes, resolve a URL, read two
// parameters, handle errors (common.c is the same program in C).
import Switchyard

let router = Router()
do {
    try router.add("/user/<int:id>", target: "User")
    try router.add("/user/<int:id>/post/<int:post>", target: "Post")
    try router.add("/about", target: "About")
    if let m = try router.resolve("/user/42/post/7"), let id = m.int("id"), let post = m.int("post") {
        print("user \(id), post \(post)")
    } else {
        print("no match")
    }
} catch {
    print("switchyard: \(error.message)")  // e.g. a bad pattern, with its byte position
}
