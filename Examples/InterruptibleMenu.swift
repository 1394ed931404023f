// InterruptibleMenu — the ChidoriMenu problem from "Trials and Tribulations of Making an
// Interruptable Custom View Controller Transition on iOS", simulated without UIKit:
// a pull-down menu presents with a springy 0.4 s animation; the user taps outside 0.08 s in,
// and the menu must retract smoothly from wherever it is (no waiting, no jump); while it is
// retracting the user summons it again, and the new presentation takes over with the velocity
// the retracting menu had. A manual frame clock stands in for CADisplayLink (60 Hz here).
//
// Depends on: Transitions (from the PixelKit package).
// Use this file as the only source (main.swift) of an executable target. In Package.swift:
//   .package(url: "https://github.com/<owner>/PixelKit", branch: "main")   // <owner>: where you got PixelKit
// and in the target's dependencies:
//   .product(name: "Transitions", package: "PixelKit"),
import Transitions

/// What the presentation progress (0 = hidden, 1 = presented) means on screen.
func describe(_ progress: Double) -> String {
    let scale = 0.6 + 0.4 * progress            // grows from 60 % to full size
    let alpha = min(max(progress, 0), 1)        // fades in, clamped (springs overshoot)
    return "scale \(format(scale, 3))  alpha \(format(alpha, 2))"
}

func format(_ value: Double, _ digits: Int) -> String {
    var power = 1.0
    for _ in 0..<digits { power *= 10 }
    return String((value * power).rounded() / power)
}

let clock = ManualFrameClock()
let frame = 1.0 / 60
// UIViewPropertyAnimator(duration: 0.4, dampingRatio: 0.75) ≈ a spring with ζ = 0.75 settling in 0.4 s.
let presentSpring = try DampedSpring(dampingRatio: 0.75, settlingDuration: 0.4)
let dismissSpring = try DampedSpring(dampingRatio: 1, settlingDuration: 0.3)

let presentation = try InterruptibleAnimation(from: 0, to: 1, timing: presentSpring, clock: clock)
presentation.addCompletion { endpoint, value in
    print("  ↳ first presentation completed at .\(endpoint) (progress \(format(value, 3)))")
}

func run(_ animation: InterruptibleAnimation, until time: Double, every stride: Int = 3) {
    var count = 0
    while clock.now.seconds + frame / 2 < time {
        clock.advance(by: frame)
        animation.update()
        count += 1
        if count % stride == 0 || animation.phase != .running {
            print("t=\(format(clock.now.seconds, 3))s  progress \(format(animation.position, 3))  "
                  + "velocity \(format(animation.velocity, 2))/s  \(describe(animation.position))")
        }
        if animation.phase != .running { return }
    }
}

print("tap: present the menu")
try presentation.start()
run(presentation, until: 0.08, every: 1)

print("tap outside at t≈0.08s: cancel mid-flight (velocity is kept, no jump)")
let before = (presentation.position, presentation.velocity)
try presentation.continueAnimation(timing: dismissSpring)
try presentation.reverse()
print("  position \(format(before.0, 4)) → \(format(presentation.position, 4)), "
      + "velocity \(format(before.1, 3)) → \(format(presentation.velocity, 3))")
run(presentation, until: 0.2)

print("tap again at t=0.2s while it retracts: a new presentation takes over")
let again = try InterruptibleAnimation(takingOverFrom: presentation, to: 1, timing: presentSpring)
var completions = 0
again.addCompletion { endpoint, value in
    completions += 1
    print("  ↳ second presentation completed at .\(endpoint) (progress \(format(value, 3)))")
}
run(again, until: 2)

print("tap outside: dismiss normally")
let dismissal = try InterruptibleAnimation(takingOverFrom: again, to: 0, timing: dismissSpring)
dismissal.addCompletion { endpoint, _ in print("  ↳ dismissal completed at .\(endpoint): remove the menu view") }
run(dismissal, until: 3, every: 6)
print(completions == 1 ? "each completion ran exactly once" : "unexpected completion count \(completions)")
