// The main window: navigation on the left, one view at a time, language and palette above.
import QtQuick
import QtQuick.Controls
import QtQuick.Controls.Material
import QtQuick.Layouts
import Qt.labs.settings
import Gatehouse.Admin
import Gatehouse.Admin.Core
import Gatehouse.Admin.Editor

ApplicationWindow {
    id: window
    objectName: "mainWindow"

    // Set by main.cpp from the command line.
    property string startConfigPath
    property string startDatabaseUrl
    property string startLanguage
    property string startPalette

    property bool dark: settings.dark
    property string currentView: "connect"
    //! The user the user-detail view shows.
    property string detailUserId

    readonly property var views: [
        { key: "connect", title: qsTr("Connect"), needsDatabase: false },
        { key: "dashboard", title: qsTr("Dashboard"), needsDatabase: true },
        { key: "users", title: qsTr("Users"), needsDatabase: true },
        { key: "sessions", title: qsTr("Sessions"), needsDatabase: true },
        { key: "activity", title: qsTr("Activity"), needsDatabase: true },
        { key: "clients", title: qsTr("OpenID clients"), needsDatabase: true },
        { key: "configuration", title: qsTr("Configuration"), needsDatabase: false },
        { key: "theme", title: qsTr("Theme"), needsDatabase: false }
    ]
    readonly property var viewKeys: ["connect", "dashboard", "users", "user", "sessions", "activity", "configuration", "theme", "clients"]
    readonly property alias connection: adminConnection
    readonly property alias configDocument: configDoc

    width: 1280
    height: 800
    minimumWidth: 900
    minimumHeight: 600
    visible: true
    title: connection.ready ? qsTr("Gatehouse Admin – %1").arg(connection.displayUrl) : qsTr("Gatehouse Admin")

    Material.theme: dark ? Material.Dark : Material.Light
    Material.accent: dark ? "#82a8ff" : "#2f5bd3"
    Material.primary: dark ? "#1e2a44" : "#2f5bd3"

    function navigate(key) {
        if (viewKeys.indexOf(key) < 0)
            return false
        currentView = key
        return true
    }
    function openUser(userId) {
        detailUserId = userId
        currentView = "user"
    }
    //! The view item for \a key ("dashboard", "users", "user", ...).
    function view(key) {
        return stack.children[viewKeys.indexOf(key)]
    }
    function setDark(value) {
        dark = value
        settings.dark = value
    }

    Settings {
        id: settings
        category: "interface"
        property bool dark: false
        property string language
    }

    AdminConnection {
        id: adminConnection
        onOpened: {
            if (kind === AdminConnection.Server)
                configDoc.openServer(adminConnection)   // the server's file, over the admin API
            else if (configPath.length > 0 && configDoc.filePath !== configPath)
                configDoc.open(configPath)
            if (window.currentView === "connect")
                window.navigate("dashboard")
        }
    }
    ConfigDocument {
        id: configDoc
    }

    Component.onCompleted: {
        Language.current = startLanguage || settings.language || Language.systemLanguage
        if (startPalette.length > 0)
            dark = startPalette === "dark"
        if (startConfigPath.length > 0) {
            configDoc.open(startConfigPath)
            adminConnection.open(startConfigPath)
        } else if (startDatabaseUrl.length > 0) {
            adminConnection.open(startDatabaseUrl)
        }
    }

    Shortcut { sequence: "Ctrl+1"; onActivated: window.navigate("connect") }
    Shortcut { sequence: "Ctrl+2"; enabled: connection.ready; onActivated: window.navigate("dashboard") }
    Shortcut { sequence: "Ctrl+3"; enabled: connection.ready; onActivated: window.navigate("users") }
    Shortcut { sequence: "Ctrl+4"; enabled: connection.ready; onActivated: window.navigate("sessions") }
    Shortcut { sequence: "Ctrl+7"; enabled: connection.ready; onActivated: window.navigate("activity") }
    Shortcut { sequence: "Ctrl+8"; enabled: connection.ready; onActivated: window.navigate("clients") }
    Shortcut { sequence: "Ctrl+5"; onActivated: window.navigate("configuration") }
    Shortcut { sequence: "Ctrl+6"; onActivated: window.navigate("theme") }

    header: ToolBar {
        Material.theme: Material.Dark
        Material.foreground: "white"
        background: Rectangle {
            color: window.dark ? "#1b2540" : "#2f5bd3"
        }
        RowLayout {
            anchors.fill: parent
            anchors.leftMargin: 12
            anchors.rightMargin: 8
            spacing: 10
            Image {
                source: "gatehouse-admin.svg"
                sourceSize: Qt.size(28, 28)
                Accessible.ignored: true
            }
            Label {
                text: qsTr("Gatehouse Admin")
                font.pixelSize: 18
                font.bold: true
            }
            Label {
                text: !connection.ready ? qsTr("not connected")
                      : connection.kind === AdminConnection.Server ? qsTr("%1 as %2").arg(connection.serverUrl).arg(connection.actingAs)
                      : connection.displayUrl
                opacity: 0.8
                elide: Text.ElideMiddle
                Layout.fillWidth: true
                Accessible.name: qsTr("Connection: %1").arg(text)
            }
            Label { text: qsTr("Language") }
            ComboBox {
                id: languageBox
                objectName: "languageBox"
                model: [{ code: "en", name: "English" }, { code: "de", name: "Deutsch" }]
                textRole: "name"
                valueRole: "code"
                currentIndex: Language.current === "de" ? 1 : 0
                onActivated: {
                    Language.current = currentValue
                    settings.language = currentValue
                }
                Accessible.name: qsTr("Language")
            }
            Switch {
                objectName: "darkSwitch"
                text: qsTr("Dark")
                checked: window.dark
                onToggled: window.setDark(checked)
                Accessible.name: qsTr("Dark palette")
            }
        }
    }

    RowLayout {
        anchors.fill: parent
        spacing: 0

        Pane {
            Layout.fillHeight: true
            Layout.preferredWidth: 210
            padding: 0
            Material.elevation: 1

            ListView {
                id: navigation
                objectName: "navigation"
                anchors.fill: parent
                anchors.topMargin: 8
                model: window.views
                focus: true
                keyNavigationEnabled: true
                currentIndex: {
                    const key = window.currentView === "user" ? "users" : window.currentView
                    return window.views.findIndex(v => v.key === key)
                }
                Accessible.role: Accessible.List
                Accessible.name: qsTr("Views")
                delegate: ItemDelegate {
                    required property var modelData
                    required property int index
                    width: navigation.width
                    text: modelData.title
                    enabled: !modelData.needsDatabase || connection.ready
                    highlighted: ListView.isCurrentItem
                    font.bold: highlighted
                    onClicked: window.navigate(modelData.key)
                    Keys.onReturnPressed: window.navigate(modelData.key)
                    Accessible.name: modelData.title
                }
                Keys.onPressed: event => {
                    if (event.key === Qt.Key_Up || event.key === Qt.Key_Down) {
                        let i = currentIndex
                        do {
                            i = (i + (event.key === Qt.Key_Down ? 1 : views.length - 1)) % views.length
                        } while (views[i].needsDatabase && !connection.ready)
                        window.navigate(views[i].key)
                        event.accepted = true
                    }
                }
            }
        }

        StackLayout {
            id: stack
            objectName: "stack"
            Layout.fillWidth: true
            Layout.fillHeight: true
            currentIndex: window.viewKeys.indexOf(window.currentView)

            ConnectView {
                objectName: "connectView"
                connection: adminConnection
            }
            DashboardView {
                objectName: "dashboardView"
                connection: adminConnection
            }
            UsersView {
                objectName: "usersView"
                connection: adminConnection
                onUserOpened: userId => window.openUser(userId)
            }
            UserDetailView {
                objectName: "userDetailView"
                connection: adminConnection
                userId: window.detailUserId
                onBack: window.navigate("users")
                onGroupOpened: group => { window.view("users").showGroup(group); window.navigate("users") }
            }
            SessionsView {
                objectName: "sessionsView"
                connection: adminConnection
                onUserOpened: userId => window.openUser(userId)
            }
            ActivityView {
                objectName: "activityView"
                connection: adminConnection
                active: StackLayout.isCurrentItem
                onUserOpened: userId => window.openUser(userId)
            }
            ConfigView {
                objectName: "configView"
                document: configDoc
            }
            ThemeView {
                objectName: "themeView"
                document: configDoc
                dark: window.dark
                active: StackLayout.isCurrentItem
            }
            ClientsView {
                objectName: "clientsView"
                connection: adminConnection
            }
        }
    }
}
