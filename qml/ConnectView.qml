// Connect: a configuration file or a database URL, or a server's address (sign-in in the browser);
// the recent connections, errors, migration.
import QtQuick
import QtQuick.Controls
import QtQuick.Controls.Material
import QtQuick.Dialogs
import QtQuick.Layouts
import Gatehouse.Admin.Core

ScrollView {
    id: view
    required property AdminConnection connection
    readonly property bool ready: connection.status !== AdminConnection.Connecting
    contentWidth: availableWidth

    function connectTo(target) {
        targetField.text = target
        connection.open(target)
    }

    FileDialog {
        id: caDialog
        title: qsTr("Choose the CA certificate of the server (PEM)")
        nameFilters: [qsTr("Certificates (*.pem *.crt)"), qsTr("All files (*)")]
        onAccepted: caField.text = decodeURIComponent(selectedFile.toString().replace(/^file:\/\//, ""))
    }
    function connectToServer() {
        connection.caFile = caField.text
        connection.connectToServer(serverField.text)
    }

    FileDialog {
        id: fileDialog
        title: qsTr("Open a configuration file or SQLite database")
        nameFilters: [qsTr("Gatehouse configuration (*.json)"), qsTr("SQLite database (*.db *.sqlite *.sqlite3)"),
                      qsTr("All files (*)")]
        onAccepted: {
            const path = decodeURIComponent(selectedFile.toString().replace(/^file:\/\//, ""))
            view.connectTo(path.endsWith(".json") ? path : "sqlite://" + path)
        }
    }

    ColumnLayout {
        width: Math.min(view.availableWidth - 48, 820)
        x: 24
        spacing: 14

        Item { height: 8 }
        Label {
            text: qsTr("Connect to a Gatehouse installation")
            font.pixelSize: 22
            font.bold: true
        }
        Label {
            text: qsTr("Open the gatehouse-server configuration file (it names the database) or give a database URL: sqlite:///path/gatehouse.db, postgresql://user@host/db, mysql://user@host/db.")
            wrapMode: Text.Wrap
            Layout.fillWidth: true
            opacity: 0.8
        }
        RowLayout {
            Layout.fillWidth: true
            TextField {
                id: targetField
                objectName: "targetField"
                Layout.fillWidth: true
                placeholderText: qsTr("Configuration file or database URL")
                text: view.connection.target
                selectByMouse: true
                onAccepted: view.connection.open(text)
                Accessible.name: qsTr("Configuration file or database URL")
            }
            Button {
                text: qsTr("Browse…")
                onClicked: fileDialog.open()
                Accessible.name: qsTr("Browse for a configuration file or SQLite database")
            }
            Button {
                objectName: "connectButton"
                text: qsTr("Connect")
                highlighted: true
                background: AccentBackground {}
                enabled: targetField.text.length > 0 && view.connection.status !== AdminConnection.Connecting
                onClicked: view.connection.open(targetField.text)
                Accessible.name: qsTr("Connect")
            }
        }

        Label {
            text: qsTr("Connect to a server")
            font.pixelSize: 18
            font.bold: true
            Layout.topMargin: 8
        }
        Label {
            text: qsTr("The address of a gatehouse-server with \"admin\" configured, e.g. https://box.example/auth. You sign in in your browser; only members of the server's admin groups may connect.")
            wrapMode: Text.Wrap
            Layout.fillWidth: true
            opacity: 0.8
        }
        RowLayout {
            Layout.fillWidth: true
            TextField {
                id: serverField
                objectName: "serverField"
                Layout.fillWidth: true
                placeholderText: qsTr("https://box.example/auth")
                text: view.connection.serverUrl
                selectByMouse: true
                inputMethodHints: Qt.ImhUrlCharactersOnly
                onAccepted: view.connectToServer()
                Accessible.name: qsTr("Server address")
            }
            Button {
                objectName: "connectServerButton"
                text: qsTr("Connect to server")
                highlighted: true
                background: AccentBackground {}
                enabled: serverField.text.length > 0 && view.connection.status !== AdminConnection.SigningIn
                onClicked: view.connectToServer()
                Accessible.name: qsTr("Connect to the server")
            }
        }
        RowLayout {
            Layout.fillWidth: true
            TextField {
                id: caField
                objectName: "caField"
                Layout.fillWidth: true
                placeholderText: qsTr("CA certificate file (optional, for the server's own certificate)")
                text: view.connection.caFile
                selectByMouse: true
                Accessible.name: qsTr("CA certificate file")
            }
            Button {
                text: qsTr("Browse…")
                onClicked: caDialog.open()
                Accessible.name: qsTr("Browse for a CA certificate file")
            }
        }

        RowLayout {
            objectName: "signingInRow"
            visible: view.connection.status === AdminConnection.SigningIn
            Layout.fillWidth: true
            BusyIndicator { running: parent.visible; Layout.preferredHeight: 32; Layout.preferredWidth: 32 }
            Label {
                text: view.connection.signInUrl.toString().length > 0
                      ? qsTr("Sign in to %1 in your browser. If no browser opened, <a href=\"%2\">open the sign-in page</a>.").arg(view.connection.serverUrl).arg(view.connection.signInUrl)
                      : qsTr("Reaching %1…").arg(view.connection.serverUrl)
                textFormat: Text.StyledText
                wrapMode: Text.Wrap
                Layout.fillWidth: true
                onLinkActivated: link => Qt.openUrlExternally(link)
            }
            Button {
                text: qsTr("Cancel")
                onClicked: view.connection.cancelSignIn()
                Accessible.name: qsTr("Cancel the sign-in")
            }
        }

        Pane {
            objectName: "signInRequiredPane"
            visible: view.connection.status === AdminConnection.SignInRequired
            Layout.fillWidth: true
            Material.background: view.Material.theme === Material.Dark ? "#4a3a1f" : "#fff4e5"
            RowLayout {
                width: parent.width
                Label {
                    text: qsTr("Signed out of %1: %2").arg(view.connection.serverUrl).arg(view.connection.errorString)
                    wrapMode: Text.Wrap
                    Layout.fillWidth: true
                    Accessible.role: Accessible.AlertMessage
                    Accessible.name: text
                }
                Button {
                    objectName: "signInAgainButton"
                    text: qsTr("Sign in again")
                    onClicked: view.connection.signIn()
                }
            }
        }

        RowLayout {
            objectName: "connectingRow"
            visible: view.connection.status === AdminConnection.Connecting
            BusyIndicator { running: parent.visible; Layout.preferredHeight: 32; Layout.preferredWidth: 32 }
            Label { text: qsTr("Connecting to %1…").arg(view.connection.displayUrl || view.connection.target) }
            Button {
                text: qsTr("Cancel")
                onClicked: view.connection.close()
                Accessible.name: qsTr("Cancel connecting")
            }
        }

        Label {
            objectName: "connectedLabel"
            visible: view.connection.ready
            text: view.connection.kind === AdminConnection.Server
                  ? qsTr("Connected to %1 as %2.").arg(view.connection.serverUrl).arg(view.connection.actingAs)
                  : qsTr("Connected to %1 (schema version %2).").arg(view.connection.displayUrl).arg(view.connection.schemaVersion)
            color: Material.accent
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }

        Pane {
            visible: view.connection.status === AdminConnection.Failed
            Layout.fillWidth: true
            Material.background: view.Material.theme === Material.Dark ? "#4a1f1f" : "#fdecea"
            Label {
                objectName: "connectionError"
                width: parent.width
                text: qsTr("Could not connect: %1").arg(view.connection.errorString)
                wrapMode: Text.Wrap
                Accessible.role: Accessible.AlertMessage
                Accessible.name: text
            }
        }

        Pane {
            objectName: "migrationPane"
            visible: view.connection.status === AdminConnection.NeedsMigration
                     || view.connection.status === AdminConnection.Migrating
            Layout.fillWidth: true
            Material.elevation: 2
            ColumnLayout {
                width: parent.width
                Label {
                    objectName: "migrationOffer"
                    text: qsTr("The database schema is version %1; this build uses version %2. Migrate it now? Make a backup first: older gatehouse-server builds cannot use the migrated database.")
                          .arg(view.connection.schemaVersion).arg(view.connection.latestSchemaVersion)
                    wrapMode: Text.Wrap
                    Layout.fillWidth: true
                }
                // A migration that failed: which step, the database's error, what was kept.
                Pane {
                    id: migrationErrorPane
                    visible: view.connection.status === AdminConnection.NeedsMigration
                             && view.connection.errorString.length > 0
                    Layout.fillWidth: true
                    Material.background: view.Material.theme === Material.Dark ? "#4a1f1f" : "#fdecea"
                    Label {
                        objectName: "migrationError"
                        width: parent.width
                        text: qsTr("Could not migrate: %1").arg(view.connection.errorString)
                        wrapMode: Text.Wrap
                        Accessible.role: Accessible.AlertMessage
                        Accessible.name: text
                    }
                }
                RowLayout {
                    Button {
                        objectName: "migrateButton"
                        text: migrationErrorPane.visible ? qsTr("Try again") : qsTr("Migrate")
                        highlighted: true
                        background: AccentBackground {}
                        enabled: view.connection.status === AdminConnection.NeedsMigration
                        onClicked: view.connection.migrate()
                        Accessible.name: qsTr("Migrate the database schema")
                    }
                    ProgressBar {
                        objectName: "migrationProgressBar"
                        Layout.fillWidth: true
                        value: view.connection.migrationProgress
                        visible: view.connection.status === AdminConnection.Migrating
                        Accessible.name: qsTr("Migration progress")
                    }
                }
                Repeater {
                    model: view.connection.migrationLog
                    delegate: Label { required property string modelData; text: modelData; opacity: 0.8 }
                }
            }
        }

        Label {
            text: qsTr("Recent connections")
            font.bold: true
            font.pixelSize: 16
            visible: recentList.count > 0
        }
        ListView {
            id: recentList
            objectName: "recentList"
            Layout.fillWidth: true
            Layout.preferredHeight: contentHeight
            interactive: false
            model: view.connection.recentConnections
            keyNavigationEnabled: true
            Accessible.role: Accessible.List
            Accessible.name: qsTr("Recent connections")
            delegate: ItemDelegate {
                required property string modelData
                width: recentList.width
                contentItem: RowLayout {
                    Label {
                        text: modelData
                        elide: Text.ElideMiddle
                        Layout.fillWidth: true
                    }
                    ToolButton {
                        text: "✕"
                        onClicked: view.connection.forgetRecentConnection(modelData)
                        Accessible.name: qsTr("Forget %1").arg(modelData)
                        ToolTip.visible: hovered
                        ToolTip.text: qsTr("Forget this connection")
                    }
                }
                onClicked: view.connectTo(modelData)
                Keys.onReturnPressed: view.connectTo(modelData)
                Accessible.name: qsTr("Connect to %1").arg(modelData)
            }
        }
        Button {
            visible: recentList.count > 0
            text: qsTr("Clear the list")
            flat: true
            onClicked: view.connection.clearRecentConnections()
            Accessible.name: qsTr("Clear the recent connections")
        }
    }
}
