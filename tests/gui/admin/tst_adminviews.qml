// QtQuickTest of gatehouse-admin's views against a seeded SQLite file: navigate, search, open
// a user, remove their two-factor sign-in, lift their lockout and change their groups, filter users by group, revoke
// a session (the user page lists expired ones too, and its audit tab the revoke), follow the activity (filters, paging back, live events), revoke an app's access, list the OpenID clients,
// edit and save the configuration, change the theme, the language
// (also of the configuration problems). Run twice: on the file itself, and with fixture.remote
// against a gatehouse-server serving it (the app signed in through the loopback redirect), with
// the same assertions.
import QtQuick
import QtQuick.Controls
import QtTest
import Gatehouse.Admin
import Gatehouse.Admin.Core

TestCase {
    id: testCase
    name: "AdminViews"
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
    // Types \a text into the focused item, one key at a time.
    function type(text) {
        for (let i = 0; i < text.length; ++i)
            keyClick(text[i])
    }
    function findIn(item, name) {
        const found = find(item, name)
        verify(found !== null, "no item named " + name)
        return found
    }
    function view(key) { return window.view(key) }

    function initTestCase() {
        const start = fixture.remote ? { startLanguage: "en", startPalette: "light" }
                                     : { startConfigPath: fixture.configPath, startLanguage: "en", startPalette: "light" }
        window = mainComponent.createObject(null, start)
        verify(window !== null, "Main.qml did not load")
        window.requestActivate()
        if (fixture.remote) {
            window.connection.keepSignIn = false   // no keychain on a test machine
            window.connection.connectToServer(fixture.serverUrl)
        }
        tryVerify(() => window.connection.ready, 30000, "connection: " + window.connection.errorString)
        tryCompare(window, "currentView", "dashboard")
        if (fixture.remote) {
            compare(window.connection.kind, AdminConnection.Server)
            compare(window.connection.actingAs, fixture.seeded.firstUserEmail)
            tryVerify(() => window.configDocument.loaded, 20000, "the server's configuration: " + window.configDocument.errorString)
            verify(window.configDocument.remote)
            compare(window.configDocument.value("providers")[0].clientSecret, "(masked providers[0].clientSecret)")
        }
    }
    function cleanupTestCase() {
        if (window)
            window.destroy()
    }

    function test_1_navigate() {
        const dashboard = view("dashboard")
        tryVerify(() => dashboard.ready, 20000)
        compare(dashboard.model.userCount, fixture.seeded.userCount)
        // Keyboard: Ctrl+3 users, Ctrl+4 sessions, Ctrl+5 configuration, Ctrl+6 theme, Ctrl+2 back.
        const keys = [[Qt.Key_3, "users"], [Qt.Key_4, "sessions"], [Qt.Key_5, "configuration"],
                      [Qt.Key_6, "theme"], [Qt.Key_2, "dashboard"]]
        for (const [key, expected] of keys) {
            keyClick(key, Qt.ControlModifier)
            compare(window.currentView, expected)
        }
        // The navigation list follows the arrow keys.
        const navigation = findIn(window.contentItem, "navigation")
        navigation.forceActiveFocus()
        keyClick(Qt.Key_Down)
        compare(window.currentView, "users")
    }

    function test_2_search() {
        window.navigate("users")
        const users = view("users")
        tryVerify(() => users.ready, 20000)
        compare(users.model.totalCount, fixture.seeded.userCount)
        const search = findIn(users, "searchField")
        search.forceActiveFocus()
        type(fixture.seeded.firstUserEmail)
        keyClick(Qt.Key_Return)
        tryCompare(users.model, "totalCount", 1, 10000)
        tryVerify(() => users.list.count === 1 && users.model.get(0).loaded, 10000)
        compare(users.model.get(0).email, fixture.seeded.firstUserEmail)
    }

    function test_2b_createAndDeleteUser() {
        const users = view("users")
        const search = findIn(users, "searchField")
        search.forceActiveFocus()
        search.selectAll()
        keyClick(Qt.Key_Delete)
        keyClick(Qt.Key_Return)
        tryCompare(users.model, "totalCount", fixture.seeded.userCount, 10000)

        mouseClick(findIn(users, "newUserButton"))
        const dialog = users.actions.userDialog
        tryVerify(() => dialog.opened)
        type("not-an-address")
        // The model's own check, shown while typing.
        tryVerify(() => users.model.validateEmail("not-an-address").length > 0)
        const email = findIn(dialog.contentItem, "emailField")
        email.selectAll()
        type("new.user@example.test")
        findIn(dialog.contentItem, "nameField").forceActiveFocus()
        type("New User")
        dialog.accept()
        tryCompare(users.model, "totalCount", fixture.seeded.userCount + 1, 10000)
        tryVerify(() => !dialog.visible)

        search.forceActiveFocus()
        type("new.user@")
        keyClick(Qt.Key_Return)
        tryCompare(users.model, "totalCount", 1, 10000)
        tryVerify(() => users.model.get(0).loaded, 10000)
        compare(users.model.get(0).name, "New User")
        users.actions.remove(users.model.get(0))
        const confirm = users.actions.confirmDialog
        tryVerify(() => confirm.opened)
        mouseClick(findIn(confirm.footer, "confirmButton"))
        tryCompare(users.model, "totalCount", 0, 10000)
        tryVerify(() => !confirm.visible)

        search.forceActiveFocus()
        search.selectAll()
        keyClick(Qt.Key_Delete)
        type(fixture.seeded.firstUserEmail)
        keyClick(Qt.Key_Return)
        tryCompare(users.model, "totalCount", 1, 10000)
        tryVerify(() => users.list.count === 1 && users.model.get(0).loaded, 10000)
    }

    function test_3_openUser() {
        const users = view("users")
        const row = users.list.itemAtIndex(0)
        verify(row !== null)
        mouseClick(row, 20, row.height / 2)
        compare(window.currentView, "user")
        const detail = view("user")
        tryVerify(() => detail.ready, 20000)
        compare(detail.detail.email, fixture.seeded.firstUserEmail)
        compare(findIn(detail, "userTitle").text, fixture.seeded.firstUserName)
        verify(detail.detail.sessions.count >= 1, "the seeded user has sessions")
    }

    function test_3b_userTwoFactorAndGroups() {
        const detail = view("user")
        tryVerify(() => detail.ready, 20000)
        // The seeded first user (Ada) has an authenticator app with ten recovery codes, and groups.
        const section = findIn(detail, "twoFactorSection")
        verify(section.visible)
        const status = findIn(section, "twoFactorStatus")
        verify(status.text.startsWith("Authenticator app set up "), status.text)
        verify(status.text.endsWith(" · recovery codes left: 10"), status.text)
        verify(findIn(detail, "groupsSection").visible)
        verify(find(detail, "group_admins") !== null)
        verify(find(detail, "group_staff") !== null)

        // Remove two-factor sign-in: the dialog names the person; confirming removes it.
        const remove = findIn(section, "removeTwoFactorButton")
        verify(remove.visible)
        mouseClick(remove)
        const confirm = detail.confirmDialog
        tryVerify(() => confirm.opened)
        compare(confirm.title, "Remove two-factor sign-in")
        verify(confirm.message.indexOf(fixture.seeded.firstUserName) >= 0, confirm.message)
        verify(confirm.message.indexOf(fixture.seeded.firstUserEmail) >= 0, confirm.message)
        mouseClick(findIn(confirm.footer, "confirmButton"))
        tryVerify(() => !confirm.visible)
        tryVerify(() => !detail.detail.twoFactorEnrolled && detail.ready, 20000)
        compare(status.text, "Not set up: signing in asks for no code.")
        verify(!remove.visible)

        // Add a group: a bad name is refused at the field; a good one shows up.
        const field = findIn(detail, "groupField")
        const add = findIn(detail, "addGroupButton")
        field.forceActiveFocus()
        type("a,b")
        const problem = findIn(detail, "groupProblem")
        verify(problem.visible)
        compare(problem.text, "A group name cannot contain a comma.")
        verify(!add.enabled)
        field.clear()
        type("on call")
        verify(add.enabled)
        mouseClick(add)
        tryVerify(() => find(detail, "group_on call") !== null, 20000)
        compare(detail.detail.groups, ["admins", "on call", "staff"])
        compare(field.text, "")

        // Remove one, after a question.
        mouseClick(findIn(findIn(detail, "group_staff"), "removeGroupButton"))
        tryVerify(() => confirm.opened)
        verify(confirm.message.indexOf("staff") >= 0, confirm.message)
        mouseClick(findIn(confirm.footer, "confirmButton"))
        tryVerify(() => !confirm.visible)
        tryVerify(() => find(detail, "group_staff") === null, 20000)
        compare(detail.detail.groups, ["admins", "on call"])
        // Both changes are in the user's audit log.
        const logged = type => {
            const events = detail.detail.auditEvents
            for (let i = 0; i < events.count; ++i) {
                if (events.get(i).type === type)
                    return true
            }
            return false
        }
        detail.detail.reload()
        tryVerify(() => logged("groupAdd") && logged("groupRemove") && logged("twoFactorRemove"), 20000)

        // A group's name opens the user list filtered by it.
        mouseClick(findIn(findIn(detail, "group_on call"), "groupName"))
        compare(window.currentView, "users")
        const users = view("users")
        compare(users.model.search, 'group:"on call"')
        tryCompare(users.model, "totalCount", 1, 10000)
        window.openUser(fixture.seeded.firstUserId)
        tryVerify(() => detail.ready, 20000)
    }

    function test_3b2_liftLockout() {
        window.openUser(fixture.seeded.firstUserId)
        const detail = view("user")
        tryVerify(() => detail.ready && detail.detail.email === fixture.seeded.firstUserEmail, 20000)
        // The seed's five wrong passwords keep Ada out of the password sign-in: shown, with until when.
        const section = findIn(detail, "lockoutSection")
        verify(section.visible)
        const line = findIn(section, "lockoutLine")
        verify(line.text.startsWith("password sign-in: until "), line.text)
        mouseClick(findIn(section, "unlockButton"))
        const confirm = detail.confirmDialog
        tryVerify(() => confirm.opened)
        compare(confirm.title, "Lift the limits")
        verify(confirm.message.indexOf(fixture.seeded.firstUserEmail) >= 0, confirm.message)
        mouseClick(findIn(confirm.footer, "confirmButton"))
        tryVerify(() => !confirm.visible)
        tryVerify(() => !section.visible && detail.ready, 20000)
        verify(detail.message.startsWith("cleared the counted failures of " + fixture.seeded.firstUserEmail), detail.message)
    }

    function test_3c_filterUsersByGroup() {
        window.navigate("users")
        const users = view("users")
        const search = findIn(users, "searchField")
        search.forceActiveFocus()
        search.selectAll()
        type("group:admins")
        keyClick(Qt.Key_Return)
        compare(users.model.group, "admins")
        tryCompare(users.model, "totalCount", 1, 10000)
        tryVerify(() => users.list.count === 1 && users.model.get(0).loaded, 10000)
        compare(users.model.get(0).email, fixture.seeded.firstUserEmail)
        compare(findIn(users, "userCountLabel").text, "1 user in the group admins")  // English plural form
        search.selectAll()
        keyClick(Qt.Key_Delete)
        keyClick(Qt.Key_Return)
        tryCompare(users.model, "totalCount", fixture.seeded.userCount, 10000)
        tryCompare(findIn(users, "userCountLabel"), "text", fixture.seeded.userCount + " users", 10000)
    }

    // Import users…: a file checked first (every user listed, nothing stored), then imported;
    // against a server through its admin API (users/import), with the same assertions.
    function test_3d_importUsers() {
        window.navigate("users")
        const users = view("users")
        const bcrypt = "$2y$10$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW"
        const file = fixture.writeFile("team.htpasswd", "grace:" + bcrypt + "\nlinus:" + bcrypt + "\nken:{MD5}X03MO1qnZdYdgyfeuILPmQ==\n")
        verify(file.length > 0)
        mouseClick(findIn(users, "importUsersButton"))
        const dialog = users.importDialog
        tryVerify(() => dialog.opened)
        // What the file dialog hands over when a person picks the file.
        dialog.model.fileUrl = file
        compare(dialog.model.format, "htpasswd")
        const domain = findIn(dialog.contentItem, "importDomainField")
        domain.forceActiveFocus()
        type("import.example.test")
        keyClick(Qt.Key_Return)
        compare(dialog.model.emailDomain, "import.example.test")
        // Skip what is refused and import the rest.
        dialog.model.onConflict = "skip"
        mouseClick(findIn(dialog.footer, "checkImportButton"))
        tryCompare(dialog.model, "state", UserImportModel.Checked, 20000)
        const rows = findIn(dialog.contentItem, "importRows")
        compare(rows.count, 3)
        const summary = findIn(dialog.contentItem, "importSummary")
        verify(summary.text.indexOf("2 new") >= 0, summary.text)
        verify(summary.text.indexOf("1 refused") >= 0, summary.text)
        compare(users.model.totalCount, fixture.seeded.userCount)   // nothing stored by the check
        const run = findIn(dialog.footer, "runImportButton")
        verify(run.enabled)
        mouseClick(run)
        tryCompare(dialog.model, "state", UserImportModel.Imported, 20000)
        verify(dialog.model.committed)
        verify(summary.text.startsWith("Imported: 2 created"), summary.text)
        tryCompare(users.model, "totalCount", fixture.seeded.userCount + 2, 10000)
        verify(!run.enabled)   // imported: check again first
        dialog.close()
        tryVerify(() => !dialog.visible)
    }

    function test_3e_appsWithAccess() {
        window.openUser(fixture.seeded.firstUserId)
        const detail = view("user")
        tryVerify(() => detail.ready, 20000)
        detail.tabs.currentIndex = 4
        const consents = detail.consents
        tryVerify(() => !consents.busy && consents.count === 1, 20000, "consents: " + consents.errorString)
        compare(findIn(detail, "appsTab").text, "Apps with access (1)")
        const list = findIn(detail, "consentsList")
        tryCompare(list, "count", 1)
        const row = list.list.itemAtIndex(0)
        verify(row !== null)
        // The configured name with the id, the scopes in words.
        const cells = list.cells(row.record)
        compare(cells[0], "Grafana (grafana)")
        compare(cells[1], "sign-in and identity, email address")
        verify(cells[2] !== "–", "since when")
        mouseClick(findIn(row, "rowActionButton"))
        const confirm = detail.confirmDialog
        tryVerify(() => confirm.opened)
        compare(confirm.title, "Revoke app access")
        verify(confirm.message.indexOf("Grafana") >= 0 && confirm.message.indexOf(fixture.seeded.firstUserEmail) >= 0, confirm.message)
        mouseClick(findIn(confirm.footer, "confirmButton"))
        tryVerify(() => !confirm.visible)
        tryCompare(consents, "count", 0, 20000)
        compare(detail.message, "Grafana has no access any more: it asks again at the next sign-in")
        compare(findIn(detail, "appsTab").text, "Apps with access (0)")
        detail.tabs.currentIndex = 0
    }

    function test_3f_oidcClients() {
        verify(window.navigate("clients"))
        const clients = view("clients")
        tryVerify(() => clients.ready && clients.clients.count === 1, 20000, "clients: " + clients.clients.errorString)
        const card = findIn(clients, "client_grafana")
        compare(findIn(card, "clientTitle").text, "Grafana (grafana)")
        compare(findIn(card, "clientKind").text, "confidential (client secret)")
        compare(findIn(card, "clientConsent").text, "asks each person first")
        compare(findIn(card, "clientAccess").text, "groups: admins")
        compare(findIn(card, "clientScopes").text, "openid email")
        compare(findIn(card, "clientRedirectUris").text, "https://grafana.example.test/login/generic_oauth")
        compare(findIn(card, "clientBackchannel").text, "none")
        compare(findIn(clients, "clientsSource").text,
                fixture.remote ? "From the server's configuration. Change them in the configuration."
                               : "From " + fixture.configPath + ". Change them in the configuration.")
    }

    // The user page lists a user's expired sessions too, marked, on a database and over a server
    // alike; the expired one can be revoked there.
    function test_3g_userPageListsExpiredSessions() {
        window.openUser(fixture.seeded.expiredSessionUserId)
        const detail = view("user")
        tryVerify(() => detail.ready && detail.detail.email === fixture.seeded.expiredSessionUserEmail, 20000)
        detail.tabs.currentIndex = 1
        const list = findIn(detail, "userSessionsList")
        tryCompare(list, "count", 3, 20000)
        compare(findIn(detail, "sessionsTab").text, "Sessions (3)")
        // Latest expiry first: the two active ones, then the expired one, marked in its Expires cell.
        const rows = []
        for (let i = 0; i < 3; ++i) {
            tryVerify(() => list.list.itemAtIndex(i) !== null, 5000)
            rows.push(list.list.itemAtIndex(i))
        }
        for (let i = 0; i < 2; ++i)
            verify(!list.cells(rows[i].record)[2].endsWith(" (expired)"), list.cells(rows[i].record)[2])
        const expired = rows[2]
        verify(list.cells(expired.record)[2].endsWith(" (expired)"), list.cells(expired.record)[2])
        verify(expired.record.expired)

        const hint = expired.record.tokenHint
        // The rows were just made: let the window lay them out and draw them before clicking.
        waitForRendering(list)
        mouseClick(findIn(expired, "rowActionButton"))
        const confirm = detail.confirmDialog
        tryVerify(() => confirm.opened)
        compare(confirm.title, "Revoke session")
        mouseClick(findIn(confirm.footer, "confirmButton"))
        tryVerify(() => !confirm.visible)
        tryCompare(list, "count", 2, 20000)
        compare(detail.message, "revoked the session " + hint)
        verify(!detail.messageIsError)
        for (let i = 0; i < list.count; ++i)
            verify(!detail.detail.sessions.get(i).expired, "the expired session is gone")
        // The audit tab shows the revoke on top, on a database as over a server: sessionEnd, the
        // session named by its token's hash (as the list names it), and who did it.
        detail.tabs.currentIndex = 3
        const audit = findIn(detail, "auditList")
        const shown = () => {
            const row = audit.list.itemAtIndex(0)
            return row === null ? [] : audit.cells(row.record)
        }
        tryVerify(() => shown()[1] === "sessionEnd", 20000, "the newest event: " + shown().join(" | "))
        const shownDetail = JSON.parse(shown()[4])
        verify(shownDetail.session.startsWith(hint.slice(0, 8)), shown()[4])
        verify(shownDetail.by !== undefined && shownDetail.by !== "", shown()[4])
        detail.tabs.currentIndex = 0
    }

    function test_4_revokeSession() {
        window.navigate("sessions")
        const sessions = view("sessions")
        tryVerify(() => sessions.ready && sessions.list.count > 0, 20000)
        const before = sessions.model.totalCount
        const row = sessions.list.itemAtIndex(0)
        const token = row.sessionToken
        mouseClick(findIn(row, "revokeButton"))
        const confirm = sessions.confirmDialog
        tryVerify(() => confirm.opened)
        mouseClick(findIn(confirm.footer, "confirmButton"))
        tryCompare(sessions.model, "totalCount", before - 1, 10000)
        tryVerify(() => !confirm.visible)   // the closing animation ends; until then it takes the clicks
        for (let i = 0; i < sessions.list.count; ++i)
            verify(sessions.model.get(i).sessionToken !== token, "the revoked session is gone")
    }

    function test_4b_cleanUpExpiredSessions() {
        const sessions = view("sessions")
        tryVerify(() => sessions.ready)
        verify(sessions.model.expiredCount > 0, "the seed has expired sessions")
        const button = findIn(sessions, "cleanupButton")
        mouseClick(button)
        const confirm = sessions.cleanupDialog
        tryVerify(() => confirm.opened)
        mouseClick(findIn(confirm.footer, "confirmButton"))
        tryVerify(() => !confirm.visible)
        tryCompare(sessions.model, "cleanupRunning", false, 20000)
        tryCompare(sessions.model, "expiredCount", 0, 20000)
        verify(!button.enabled)
    }

    // Activity: every user's events newest first; filtered by type and by a user typed in; older
    // events as the reader scrolls to the end; a new event appears at the top, or is held while
    // the reader is scrolled back; clicking an event's user opens that user.
    function test_4c_activity() {
        window.navigate("activity")
        const activity = view("activity")
        tryVerify(() => activity.ready, 20000)
        compare(activity.model.errorString, "")
        verify(activity.list.count > 0, "no events shown")
        for (let i = 1; i < Math.min(activity.list.count, 30); ++i)
            verify(activity.model.get(i - 1).time >= activity.model.get(i).time, "newest first, row " + i)

        // Older events load as the reader reaches the end.
        const firstPage = activity.list.count
        verify(activity.model.hasOlder, "the seed has more than a page of events")
        activity.list.positionViewAtEnd()
        tryVerify(() => activity.list.count > firstPage, 20000)

        // The failed sign-ins only.
        activity.filterBy(["signInFailed"], "", "", "")
        tryVerify(() => activity.model.loaded, 20000)
        verify(activity.list.count > 0)
        for (let i = 0; i < activity.list.count; ++i)
            compare(activity.model.get(i).typeText, "Sign-in failed")

        // One user, typed in as their email.
        activity.filterBy([], "", "", "")
        const userField = findIn(activity, "userFilter")
        userField.forceActiveFocus()
        type(fixture.seeded.firstUserEmail)
        tryVerify(() => activity.model.user === fixture.seeded.firstUserEmail && activity.model.loaded, 20000)
        verify(activity.list.count > 0)
        for (let i = 0; i < activity.list.count; ++i)
            compare(activity.model.get(i).userId, fixture.seeded.firstUserId)

        // Live: the user signs in; the event appears at the top with its details. (Over a server,
        // an event the steps before wrote less than 2 s ago may still arrive too: the pull answers
        // settled events only. So the new one is known by its address, not by the count alone.)
        const before = activity.list.count
        verify(fixture.recordEvent("signIn", fixture.seeded.firstUserId, "github"))
        tryVerify(() => activity.list.count > before && activity.model.get(0).clientAddress === "203.0.113.9", 20000)
        compare(activity.model.get(0).typeText, "Signed in")
        compare(activity.model.get(0).clientAddress, "203.0.113.9")
        tryVerify(() => activity.model.get(0).userEmail === fixture.seeded.firstUserEmail, 10000)

        // Clicking the event's user opens that user.
        activity.list.positionViewAtBeginning()
        const link = findIn(activity.list.itemAtIndex(0), "activityUser")
        mouseClick(link, 10, link.height / 2)
        tryCompare(window, "currentView", "user")
        compare(window.detailUserId, fixture.seeded.firstUserId)

        // Scrolled back, the reader stays where they are; the new event waits behind a button.
        window.navigate("activity")
        activity.filterBy([], "", "", "")
        tryVerify(() => activity.model.loaded && activity.list.count > 40, 20000)
        activity.list.positionViewAtIndex(30, ListView.Beginning)
        tryVerify(() => !activity.list.atTop)
        const newest = activity.model.get(0).eventId
        const shown = activity.list.indexAt(10, activity.list.contentY + 5)
        verify(fixture.recordEvent("signInFailed", "", "credentials"))
        tryCompare(activity.model, "pendingCount", 1, 20000)
        compare(activity.model.get(0).eventId, newest)
        compare(activity.list.indexAt(10, activity.list.contentY + 5), shown)
        const pending = findIn(activity, "pendingButton")
        tryVerify(() => pending.visible)
        mouseClick(pending)
        tryCompare(activity.model, "pendingCount", 0)
        verify(activity.model.get(0).eventId > newest)
        compare(activity.model.get(0).type, "signInFailed")
    }

    function test_5_editAndSaveConfiguration() {
        window.navigate("configuration")
        const config = view("configuration")
        verify(config.ready)
        const maxAge = findIn(config, "maxAgeField")
        const editor = findIn(maxAge, "editor")
        editor.forceActiveFocus()
        editor.selectAll()
        type("12x")
        // The server's loader rejects it, at the field.
        verify(maxAge.problem.length > 0, "a problem is shown at session.maxAge")
        keyClick(Qt.Key_Backspace)
        compare(maxAge.problem, "")
        compare(window.configDocument.value("session.maxAge"), 12)
        compare(window.configDocument.errorCount, 0, JSON.stringify(window.configDocument.problems))
        const save = findIn(config, "saveButton")
        verify(save.enabled && save.visible)
        mouseClick(save)
        tryCompare(window.configDocument, "modified", false, 5000, "save: " + window.configDocument.errorString)
        const saved = fixture.readJson(fixture.configPath)
        compare(saved.session.maxAge, 12)
        compare(saved.providers[0].clientSecret, "corp-client-secret", "untouched keys stay")
        compare(fixture.readJson(fixture.configPath + ".bak").session.maxAge, 2592000)
    }

    function test_5b_tryAccessRules() {
        window.navigate("configuration")
        const config = view("configuration")
        window.configDocument.setValue("access", { "default": "deny", "rules": [
            { "hosts": ["app.example.test"], "paths": ["/public/*"], "policy": "bypass" },
            { "hosts": ["admin.example.test"], "policy": { "groups": ["admins"] } },
            { "hosts": ["*.example.test"], "policy": "signed-in" }] })
        tryVerify(() => find(config, "accessRule2") !== null)
        compare(findIn(config, "accessRule1").text, "2. Hosts: admin.example.test · paths: any · methods: any → groups: admins")
        compare(findIn(config, "accessDefault").text, "Otherwise: nobody")
        const url = findIn(config, "accessTryUrl")
        const user = findIn(config, "accessTryUser")
        const groups = findIn(config, "accessTryGroups")
        const result = findIn(config, "accessTryResult")
        url.text = "https://admin.example.test/settings"
        compare(result.text, "Sent to the sign-in page, decided by rule 2 (groups: admins)")
        user.text = "ann@example.test"
        compare(result.text, "Denied (403), decided by rule 2 (groups: admins)")
        groups.text = "staff, admins"
        compare(result.text, "Allowed, decided by rule 2 (groups: admins)")
        url.text = "https://other.test/"
        compare(result.text, "Denied (403), decided by the default (nobody)")
        url.text = "admin.example.test"
        verify(!result.decision.valid)
        // An edit of the rules shows its effect on the same question at once.
        url.text = "https://app.example.test/public/logo.png"
        compare(result.text, "Allowed, decided by rule 1 (anyone, without signing in)")
        window.configDocument.setValue("access.rules", [{ "hosts": ["*.example.test"], "policy": "deny" }])
        compare(result.text, "Denied (403), decided by rule 1 (nobody)")
        verify(window.configDocument.revert())
        tryVerify(() => find(config, "accessRule0") === null)
        // The rules as saved (none: nobody by default); over a server the server itself answers.
        tryCompare(result, "text", "Denied (403), decided by the default (nobody)", 10000)
    }

    function test_6_changeTheme() {
        window.navigate("theme")
        const theme = view("theme")
        const preview = theme.preview
        tryVerify(() => theme.ready, 60000, "first preview: " + preview.errorString)
        compare(preview.errorString, "")
        const first = preview.image.toString()
        const brand = findIn(theme, "brandColorField")
        const editor = findIn(brand, "editor")
        editor.forceActiveFocus()
        editor.selectAll()
        type("#c2185b")
        tryVerify(() => preview.html.indexOf("--gh-brand:#c2185b") >= 0 && !preview.busy, 60000,
                  "the preview shows the new brand colour: " + preview.errorString)
        verify(preview.image.toString() !== first)
        const image = findIn(theme, "previewImage")
        tryCompare(image, "status", Image.Ready, 10000)
        mouseClick(findIn(theme, "themeSaveButton"))
        tryCompare(window.configDocument, "modified", false)
        compare(fixture.readJson(fixture.configPath).theme.brandColor, "#c2185b")
    }

    function test_7_language() {
        const box = findIn(window.header, "languageBox")
        verify(box !== null)
        window.navigate("users")
        Language.current = "de"
        compare(window.views[2].title, "Benutzer")
        Language.current = "en"
        compare(window.views[2].title, "Users")
    }

    function test_7b_configProblemInGerman() {
        window.navigate("configuration")
        const config = view("configuration")
        const maxAge = findIn(config, "maxAgeField")
        const editor = findIn(maxAge, "editor")
        editor.forceActiveFocus()
        editor.selectAll()
        type("12x")
        const label = findIn(maxAge, "problemLabel")
        compare(label.text, "must be a positive integer")
        // The library's messages follow the language, at their field, without another edit.
        Language.current = "de"
        compare(label.text, "muss eine positive ganze Zahl sein")
        verify(label.visible)
        Language.current = "en"
        compare(label.text, "must be a positive integer")
        verify(window.configDocument.revert())
        compare(maxAge.problem, "")
    }

    // Last but the connection error (it adds 10,001 users): over a server the list of every user
    // is counted to 10,000 and says "10,000+"; over a database it is counted exactly.
    function test_7c_countThatStopped() {
        verify(fixture.seedBulkUsers(10001))
        window.navigate("users")
        const users = view("users")
        users.model.refresh()
        const label = findIn(users, "userCountLabel")
        if (fixture.remote) {
            tryCompare(users.model, "totalCount", 10000, 10000)
            compare(users.model.totalExact, false)
            tryVerify(() => /^10[,.\u00a0\u202f]?000\+ users$/.test(label.text), 10000, label.text)
            // And says where the rows stop.
            const hint = findIn(users, "countStoppedHint")
            verify(hint.visible)
            verify(/^the first 10[,.\u00a0\u202f]?000 are listed: search to find the others$/.test(hint.text), hint.text)
        } else {
            verify(!findIn(users, "countStoppedHint").visible)
            tryVerify(() => users.model.totalCount > 10001, 10000)
            compare(users.model.totalExact, true)
            tryCompare(label, "text", users.model.totalCount + " users", 10000)
        }
    }

    function test_8_connectionError() {
        window.navigate("connect")
        const connect = view("connect")
        const target = findIn(connect, "targetField")
        target.forceActiveFocus()
        target.selectAll()
        type("sqlite:///nonexistent-folder/gatehouse.db")
        keyClick(Qt.Key_Return)
        const error = findIn(connect, "connectionError")
        tryVerify(() => error.visible, 20000, "an error is shown, not a hang")
        verify(error.text.indexOf("/nonexistent-folder/gatehouse.db") >= 0, error.text)
        verify(!window.connection.ready)
    }
}
