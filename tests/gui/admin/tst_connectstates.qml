// QtQuickTest of gatehouse-admin's connect view in the states besides "ready": a database an
// older build left (the offer to migrate, the migration's progress, then the dashboard), a
// database that cannot be reached (a clear message within the time-out, not a hang) and a
// migration that fails (its error shown, the database unchanged, the offer to try again).
import QtQuick
import QtQuick.Controls
import QtTest
import Gatehouse.Admin
import Gatehouse.Admin.Core

TestCase {
    id: testCase
    name: "ConnectStates"
    when: windowShown
    width: 1280
    height: 800

    property var window: null

    Component {
        id: mainComponent
        Main {
            width: 1280
            height: 800
        }
    }

    // Depth-first search of \a item's visual children for objectName \a name.
    function find(item, name) {
        if (!item)
            return null
        if (item.objectName === name)
            return item
        const children = item.children
        if (children) {
            for (let i = 0; i < children.length; ++i) {
                const found = find(children[i], name)
                if (found)
                    return found
            }
        }
        if (item.contentItem && item.contentItem !== item && item.contentItem.parent !== item)
            return find(item.contentItem, name)
        return null
    }
    function findIn(item, name) {
        const found = find(item, name)
        verify(found !== null, "no item named " + name)
        return found
    }
    function type(text) {
        for (let i = 0; i < text.length; ++i)
            keyClick(text[i])
    }

    // What the progress bar showed while the migration ran.
    property var shownProgress: []
    property bool barShown: false
    Connections {
        id: progressWatch
        target: null
        ignoreUnknownSignals: true
        function onValueChanged() {
            testCase.shownProgress.push(progressWatch.target.value)
            if (progressWatch.target.visible)
                testCase.barShown = true
        }
        function onVisibleChanged() {
            if (progressWatch.target.visible)
                testCase.barShown = true
        }
    }

    // The connection's states after the click on Migrate.
    property var statuses: []
    Connections {
        id: statusWatch
        target: null
        ignoreUnknownSignals: true
        function onStatusChanged() { testCase.statuses.push(statusWatch.target.status) }
    }

    // Each change of the "Connecting…" row's visibility, in order.
    property var rowShown: []
    Connections {
        id: rowWatch
        target: null
        ignoreUnknownSignals: true
        function onVisibleChanged() { testCase.rowShown.push(rowWatch.target.visible) }
    }

    function cleanupTestCase() {
        if (window)
            window.destroy()
    }

    function test_1_olderSchemaOffersMigrationWithProgress() {
        const url = fixture.olderSchemaDatabaseUrl()
        verify(url.length > 0, "the fixture made an old database")
        window = mainComponent.createObject(null, { startDatabaseUrl: url, startLanguage: "en", startPalette: "light" })
        verify(window !== null, "Main.qml did not load")
        window.requestActivate()
        const connection = window.connection

        // The offer: no dashboard yet, the versions named, a Migrate button.
        tryCompare(connection, "status", AdminConnection.NeedsMigration, 20000, "status: " + connection.errorString)
        compare(connection.schemaVersion, 4)
        compare(connection.schemaState, AdminConnection.Older)
        compare(window.currentView, "connect")
        verify(!connection.ready)
        const connect = window.view("connect")
        const pane = findIn(connect, "migrationPane")
        verify(pane.visible)
        const offer = findIn(pane, "migrationOffer")
        verify(offer.text.indexOf("version 4") >= 0 && offer.text.indexOf("version " + connection.latestSchemaVersion) >= 0,
               offer.text)
        const bar = findIn(pane, "migrationProgressBar")
        verify(!bar.visible)
        progressWatch.target = bar

        const migrate = findIn(pane, "migrateButton")
        verify(migrate.visible && migrate.enabled)
        statusWatch.target = connection
        mouseClick(migrate)

        // Progress step by step, then the dashboard of the migrated database.
        tryCompare(window, "currentView", "dashboard", 20000, "status " + connection.status + ": " + connection.errorString)
        compare(connection.status, AdminConnection.Ready)
        compare(testCase.statuses, [AdminConnection.Migrating, AdminConnection.Ready])
        compare(connection.schemaVersion, connection.latestSchemaVersion)
        verify(testCase.barShown, "the progress bar was shown")
        const partial = testCase.shownProgress.filter(v => v > 0 && v < 1)
        verify(partial.length >= 2, "progress in steps: " + JSON.stringify(testCase.shownProgress))
        for (let i = 1; i < testCase.shownProgress.length; ++i)
            verify(testCase.shownProgress[i] >= testCase.shownProgress[i - 1], JSON.stringify(testCase.shownProgress))
        compare(testCase.shownProgress[testCase.shownProgress.length - 1], 1)
        const log = connection.migrationLog
        // One line per step, the last step last (steps are numbered; a branch may lack one).
        verify(log[log.length - 1].indexOf("schema step " + connection.latestSchemaVersion + "/"
                                          + connection.latestSchemaVersion + " ") === 0, log[log.length - 1])
        verify(log[3].endsWith("already applied"), log[3])
        verify(log[5].indexOf("(disabled users): created gatehouse_user_state") >= 0, log[5])
        verify(!pane.visible)
        const dashboard = window.view("dashboard")
        tryVerify(() => dashboard.ready, 20000)
        compare(dashboard.model.userCount, fixture.seeded.userCount)
        progressWatch.target = null
        statusWatch.target = null
    }

    function connectTo(url) {
        window.navigate("connect")
        const connect = window.view("connect")
        const target = findIn(connect, "targetField")
        target.forceActiveFocus()
        target.selectAll()
        type(url)
        keyClick(Qt.Key_Return)
        return connect
    }

    function test_2_refusedConnectionFailsAtOnce() {
        verify(window !== null)
        const url = fixture.refusingDatabaseUrl()
        const started = Date.now()
        const connect = connectTo(url)
        const error = findIn(connect, "connectionError")
        tryVerify(() => error.visible, 10000, "an error is shown, not a hang")
        verify(Date.now() - started < 8000)
        verify(error.text.indexOf("could not open the database " + url) >= 0, error.text)
        compare(window.connection.status, AdminConnection.Failed)
        verify(!window.connection.ready)
    }

    function test_3_silentServerTimesOutWithAClearMessage() {
        verify(window !== null)
        window.connection.timeoutMs = 1500
        const url = fixture.silentDatabaseUrl()
        // While it waits, the view says what it does. Recorded as it happens rather than looked
        // at after a while: a look could come after the 1.5 s are over on a busy machine.
        window.navigate("connect")
        const connecting = findIn(window.view("connect"), "connectingRow")
        verify(!connecting.visible)
        testCase.rowShown = []
        testCase.statuses = []
        rowWatch.target = connecting
        statusWatch.target = window.connection
        const started = Date.now()
        const connect = connectTo(url)
        const error = findIn(connect, "connectionError")
        tryVerify(() => error.visible, 10000, "an error is shown, not a hang")
        const waited = Date.now() - started
        rowWatch.target = null
        statusWatch.target = null
        compare(testCase.statuses, [AdminConnection.Connecting, AdminConnection.Failed])
        compare(testCase.rowShown, [true, false])
        verify(waited >= 1400 && waited < 6000, "failed after " + waited + " ms")
        compare(error.text, "Could not connect: could not reach the database " + url + " within 1.5 s")
        verify(!connecting.visible)
        verify(!window.connection.ready)
        // Ctrl+2 (the dashboard) needs a database.
        keyClick(Qt.Key_2, Qt.ControlModifier)
        compare(window.currentView, "connect")
    }

    function test_4_failedMigrationShowsItsErrorAndChangesNothing() {
        verify(window !== null)
        const connection = window.connection
        const url = fixture.failingMigrationDatabaseUrl()
        verify(url.length > 0, "the fixture made a database whose migration fails")
        const before = fixture.schemaSnapshot(url)
        verify(before.indexOf("view gatehouse_user_state") >= 0 && before.indexOf("schema version 4") >= 0, before)
        const connect = connectTo(url)
        tryCompare(connection, "status", AdminConnection.NeedsMigration, 20000, "status: " + connection.errorString)
        compare(connection.schemaVersion, 4)
        const pane = findIn(connect, "migrationPane")
        const error = findIn(pane, "migrationError")
        verify(!error.visible)
        const migrate = findIn(pane, "migrateButton")
        compare(migrate.text, "Migrate")
        mouseClick(migrate)

        // The step that failed, in the database's words, and that nothing was changed.
        tryVerify(() => error.visible, 20000, "the migration's error is shown")
        compare(connection.status, AdminConnection.NeedsMigration)
        compare(window.currentView, "connect")
        verify(pane.visible)
        verify(error.text.indexOf("Could not migrate: step 6/26 (disabled users): ") === 0, error.text)
        verify(error.text.indexOf("gatehouse_user_state already exists") > 0, error.text)
        verify(error.text.indexOf("the migration was rolled back, the schema is still version 4") > 0, error.text)
        compare(connection.schemaVersion, 4)
        verify(findIn(pane, "migrationOffer").text.indexOf("version 4") >= 0)
        verify(!findIn(pane, "migrationProgressBar").visible)
        compare(fixture.schemaSnapshot(url), before)

        // The offer stays: with the cause gone, trying again migrates and opens the dashboard.
        verify(migrate.visible && migrate.enabled)
        compare(migrate.text, "Try again")
        verify(fixture.removeMigrationConflict(url))
        mouseClick(migrate)
        tryCompare(window, "currentView", "dashboard", 20000, "status " + connection.status + ": " + connection.errorString)
        compare(connection.status, AdminConnection.Ready)
        compare(connection.errorString, "")
        compare(connection.schemaVersion, connection.latestSchemaVersion)
        verify(fixture.schemaSnapshot(url).indexOf("table gatehouse_user_state") >= 0)
    }

    // "Connect to a server" with a plain-http address elsewhere than loopback: refused at once in
    // words.
    function test_5_serverAddressIsChecked() {
        const main = createTemporaryObject(mainComponent, null, { startLanguage: "en", startPalette: "light" })
        verify(main !== null, "Main.qml did not load")
        const connect = main.view("connect")
        const field = findIn(connect, "serverField")
        field.text = "http://box.example/auth"
        const button = findIn(connect, "connectServerButton")
        verify(button.enabled)
        mouseClick(button)
        const connection = main.connection
        compare(connection.status, AdminConnection.Failed)
        compare(connection.kind, AdminConnection.Server)
        const error = findIn(connect, "connectionError")
        verify(error.visible)
        compare(error.text, "Could not connect: http://box.example/auth is plain http: use https (plain http only on this computer's loopback address)")
        verify(!connection.ready)
    }
}
