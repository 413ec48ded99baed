import ArgumentParser
import Switchyard

@main
struct SwitchyardTool: ParsableCommand {
    func run() throws { print("hi") }
}
