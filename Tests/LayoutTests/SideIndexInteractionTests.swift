import Layout
import Testing

/// The touch state machine, driven by a clock that moves only when told.
@Suite struct SideIndexInteractionTests {
    /// A–Z # in 500 pt: every letter shows; line i starts at 42.5 + 15.5 · i (centred).
    static func makeInteraction(
        settings: SideIndexActivationSettings = SideIndexActivationSettings()
    ) throws -> (SideIndexInteraction<ManualInteractionClock>, ManualInteractionClock, SideIndexLayout) {
        let layout = try SideIndex(items: SideIndexItem.alphanumeric).layout(height: 500)
        let clock = ManualInteractionClock()
        return (SideIndexInteraction(layout: layout, settings: settings, clock: clock), clock, layout)
    }

    static func middle(of letter: Int, in layout: SideIndexLayout) -> Double {
        layout.lines[letter].y + layout.lines[letter].height / 2
    }

    @Test func defaultsAreDocumented() {
        let settings = SideIndexActivationSettings()
        #expect(settings.activationDelay == .milliseconds(300))
        #expect(settings.movementTolerance == 10)
        #expect(settings.overlayHideDelay == .milliseconds(500))
    }

    @Test func selectionBeginsOnlyAfterTheDelay() throws {
        var (interaction, clock, layout) = try Self.makeInteraction()
        let yOfC = Self.middle(of: 2, in: layout)
        #expect(interaction.touchDown(x: 5, y: yOfC).isEmpty)
        #expect(interaction.nextDeadline == .milliseconds(300))
        clock.advance(by: .milliseconds(299))
        #expect(interaction.tick().isEmpty)
        #expect(interaction.selection == nil && interaction.overlayItem == nil)
        clock.advance(by: .milliseconds(1))
        let hitC = SideIndexHit(index: 2, item: .letter("C"))
        #expect(interaction.tick() == [.began(hitC), .overlayShown(.letter("C"))])
        #expect(interaction.selection == hitC)
        #expect(interaction.overlayItem == .letter("C"))
        #expect(interaction.nextDeadline == nil)
    }

    @Test func aLateEventFiresTheDueActivationFirst() throws {
        var (interaction, clock, layout) = try Self.makeInteraction()
        interaction.touchDown(x: 5, y: Self.middle(of: 0, in: layout))
        clock.advance(by: .seconds(1))
        // No tick was scheduled; the move itself activates (at the last known spot, A), then changes to D.
        let events = interaction.touchMoved(x: 5, y: Self.middle(of: 3, in: layout))
        #expect(events == [
            .began(SideIndexHit(index: 0, item: .letter("A"))), .overlayShown(.letter("A")),
            .changed(SideIndexHit(index: 3, item: .letter("D"))),
        ])
    }

    @Test func movingBeyondTheToleranceBeforeActivationCancels() throws {
        var (interaction, clock, layout) = try Self.makeInteraction()
        let y = Self.middle(of: 5, in: layout)
        interaction.touchDown(x: 5, y: y)
        clock.advance(by: .milliseconds(100))
        #expect(interaction.touchMoved(x: 11, y: y + 8).isEmpty)  // exactly 10 pt away: still allowed
        clock.advance(by: .milliseconds(100))
        #expect(interaction.touchMoved(x: 5, y: y + 10.5) == [.activationFailed(.movedBeyondTolerance)])
        clock.advance(by: .seconds(1))
        #expect(interaction.tick().isEmpty)
        #expect(interaction.selection == nil)
        #expect(interaction.nextDeadline == nil)
    }

    @Test func aTapNeverSelects() throws {
        var (interaction, clock, layout) = try Self.makeInteraction()
        interaction.touchDown(x: 5, y: Self.middle(of: 1, in: layout))
        clock.advance(by: .milliseconds(200))
        #expect(interaction.touchUp() == [.activationFailed(.liftedEarly)])
        interaction.touchDown(x: 5, y: Self.middle(of: 1, in: layout))
        #expect(interaction.touchCancelled() == [.activationFailed(.cancelled)])
    }

    @Test func draggingChangesOnlyWhenTheItemChangesAndTheOverlayLingers() throws {
        var (interaction, clock, layout) = try Self.makeInteraction()
        interaction.touchDown(x: 5, y: Self.middle(of: 0, in: layout))
        clock.advance(by: .milliseconds(300))
        interaction.tick()
        // After activation the tolerance no longer applies: drag far down.
        #expect(interaction.touchMoved(x: 5, y: Self.middle(of: 0, in: layout) + 1).isEmpty)
        let hitZ = SideIndexHit(index: 25, item: .letter("Z"))
        #expect(interaction.touchMoved(x: 40, y: Self.middle(of: 25, in: layout)) == [.changed(hitZ)])
        #expect(interaction.overlayItem == .letter("Z"))
        clock.advance(by: .milliseconds(50))
        #expect(interaction.touchUp() == [.ended(hitZ)])
        #expect(interaction.overlayItem == .letter("Z"))
        #expect(interaction.nextDeadline == .milliseconds(850))
        clock.advance(by: .milliseconds(499))
        #expect(interaction.tick().isEmpty)
        clock.advance(by: .milliseconds(1))
        #expect(interaction.tick() == [.overlayHidden])
        #expect(interaction.overlayItem == nil)
        #expect(interaction.nextDeadline == nil)
    }

    @Test func reactivatingBeforeTheOverlayHidesKeepsItUp() throws {
        var (interaction, clock, layout) = try Self.makeInteraction()
        interaction.touchDown(x: 5, y: Self.middle(of: 4, in: layout))
        clock.advance(by: .milliseconds(300))
        interaction.tick()
        interaction.touchUp()                       // hide due at 0.8 s
        clock.advance(by: .milliseconds(100))
        interaction.touchDown(x: 5, y: Self.middle(of: 7, in: layout))  // activation due at 0.7 s
        clock.advance(by: .milliseconds(300))
        // The overlay is still up, so no second overlayShown; the pending hide is dropped.
        #expect(interaction.tick() == [.began(SideIndexHit(index: 7, item: .letter("H")))])
        clock.advance(by: .seconds(2))
        #expect(interaction.tick().isEmpty)
        #expect(interaction.overlayItem == .letter("H"))
        #expect(interaction.touchCancelled() == [.cancelled(SideIndexHit(index: 7, item: .letter("H")))])
    }

    @Test func aHideDueBeforeTheNextActivationHappensFirst() throws {
        var (interaction, clock, layout) = try Self.makeInteraction(
            settings: SideIndexActivationSettings(activationDelay: .milliseconds(300), overlayHideDelay: .milliseconds(100))
        )
        interaction.touchDown(x: 5, y: Self.middle(of: 4, in: layout))
        clock.advance(by: .milliseconds(300))
        interaction.tick()
        interaction.touchUp()                       // hide due at 0.4 s
        interaction.touchDown(x: 5, y: Self.middle(of: 4, in: layout))  // activation due at 0.6 s
        clock.advance(by: .seconds(1))
        let hitE = SideIndexHit(index: 4, item: .letter("E"))
        #expect(interaction.tick() == [.overlayHidden, .began(hitE), .overlayShown(.letter("E"))])
    }

    @Test func aSecondTouchDownIsIgnoredWhileSelecting() throws {
        var (interaction, clock, layout) = try Self.makeInteraction()
        interaction.touchDown(x: 5, y: Self.middle(of: 2, in: layout))
        clock.advance(by: .milliseconds(300))
        interaction.tick()
        #expect(interaction.touchDown(x: 5, y: Self.middle(of: 9, in: layout)).isEmpty)
        #expect(interaction.selection?.index == 2)
    }

    @Test func manualClockNeverRunsBackwards() {
        let clock = ManualInteractionClock(start: .seconds(5))
        clock.advance(by: .seconds(-3))
        #expect(clock.now == .seconds(5))
        clock.advance(by: .milliseconds(250))
        #expect(clock.now == .milliseconds(5250))
    }
}
