// Sessions: every active session (optionally the expired ones too), filtered by user or
// provider; revoke one; clean up the expired ones with a progress bar.
import QtQuick
import QtQuick.Controls
import QtQuick.Controls.Material
import QtQuick.Layouts
import Gatehouse.Admin.Core

Pane {
    id: view
    required property AdminConnection connection
    readonly property bool ready: !sessions.busy && sessions.totalCount >= 0
    readonly property alias model: sessions
    readonly property alias list: list
    readonly property alias confirmDialog: confirm
    readonly property alias cleanupDialog: cleanupConfirm
    property string message
    property bool messageIsError: false
    signal userOpened(string userId)

    function when(date) {
        return date && !isNaN(date.getTime()) ? date.toLocaleString(Qt.locale(), Locale.ShortFormat) : "–"
    }

    SessionsModel {
        id: sessions
        connection: view.connection
        onOperationFinished: (operation, ok, message) => { view.message = message; view.messageIsError = !ok }
    }
    Timer {
        id: filterDelay
        interval: 250
        onTriggered: {
            sessions.userFilter = userFilter.text
            sessions.providerFilter = providerFilter.text
        }
    }
    ConfirmDialog {
        id: confirm
        objectName: "sessionConfirmDialog"
        property string token
        parent: Overlay.overlay
        title: qsTr("Revoke session")
        confirmText: qsTr("Revoke")
        onConfirmed: sessions.revoke(token)
    }
    ConfirmDialog {
        id: cleanupConfirm
        parent: Overlay.overlay
        title: qsTr("Clean up expired sessions")
        message: qsTr("Delete the %n expired session(s) from the database?", "", sessions.expiredCount)
        confirmText: qsTr("Clean up")
        onConfirmed: sessions.cleanupExpired()
    }

    ColumnLayout {
        anchors.fill: parent
        anchors.margins: 8
        spacing: 10

        RowLayout {
            Layout.fillWidth: true
            spacing: 10
            Label {
                text: qsTr("Sessions")
                font.pixelSize: 22
                font.bold: true
            }
            Label {
                text: sessions.totalCount >= 0 ? qsTr("%n session(s)", "", sessions.totalCount) : ""
                opacity: 0.7
                Layout.fillWidth: true
            }
            TextField {
                id: userFilter
                objectName: "userFilter"
                Layout.preferredWidth: 220
                placeholderText: qsTr("User email or name")
                onTextEdited: filterDelay.restart()
                Accessible.name: qsTr("Filter by user")
            }
            TextField {
                id: providerFilter
                objectName: "providerFilter"
                Layout.preferredWidth: 160
                placeholderText: qsTr("Provider id")
                onTextEdited: filterDelay.restart()
                Accessible.name: qsTr("Filter by provider")
            }
            CheckBox {
                text: qsTr("Expired too")
                checked: sessions.includeExpired
                onToggled: sessions.includeExpired = checked
                Accessible.name: qsTr("Show expired sessions too")
            }
        }
        RowLayout {
            Layout.fillWidth: true
            Label {
                text: qsTr("%n expired session(s) waiting for clean-up.", "", Math.max(0, sessions.expiredCount))
                opacity: 0.75
            }
            Button {
                objectName: "cleanupButton"
                text: qsTr("Clean up expired…")
                enabled: !sessions.cleanupRunning && sessions.expiredCount > 0
                onClicked: cleanupConfirm.open()
                Accessible.name: qsTr("Clean up expired sessions")
            }
            ProgressBar {
                objectName: "cleanupProgress"
                visible: sessions.cleanupRunning
                value: sessions.cleanupProgress
                Layout.fillWidth: true
                Accessible.name: qsTr("Clean-up progress")
            }
            Item { Layout.fillWidth: !sessions.cleanupRunning }
        }
        Label {
            visible: view.message.length > 0 || sessions.errorString.length > 0
            text: sessions.errorString.length > 0 ? sessions.errorString : view.message
            color: view.messageIsError || sessions.errorString.length > 0 ? "#d32f2f" : Material.accent
            wrapMode: Text.Wrap
            Layout.fillWidth: true
            Accessible.role: Accessible.AlertMessage
            Accessible.name: text
        }

        RowLayout {
            Layout.fillWidth: true
            Layout.leftMargin: 12
            Layout.rightMargin: 12
            Repeater {
                model: [qsTr("User"), qsTr("Session"), qsTr("Last seen"), qsTr("Expires")]
                delegate: Label {
                    required property string modelData
                    text: modelData
                    font.bold: true
                    Layout.fillWidth: true
                    Layout.preferredWidth: 1
                }
            }
            Item { Layout.preferredWidth: 110 }
        }
        Rectangle { Layout.fillWidth: true; height: 1; color: Material.foreground; opacity: 0.2 }

        ListView {
            id: list
            objectName: "sessionsList"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: sessions
            keyNavigationEnabled: true
            ScrollBar.vertical: ScrollBar {}
            Accessible.role: Accessible.Table
            Accessible.name: qsTr("Sessions")
            delegate: ItemDelegate {
                id: row
                required property int index
                required property string sessionToken
                required property string tokenHint
                required property string userId
                required property string userEmail
                required property string userName
                required property var expires
                required property bool expired
                required property var lastSeen
                width: list.width
                height: 44
                highlighted: ListView.isCurrentItem
                onClicked: list.currentIndex = index
                onDoubleClicked: view.userOpened(userId)
                Keys.onReturnPressed: view.userOpened(userId)
                Keys.onDeletePressed: revoke.clicked()
                Accessible.name: qsTr("Session of %1, expires %2").arg(userEmail).arg(view.when(expires))
                contentItem: RowLayout {
                    Label {
                        text: row.userName ? qsTr("%1 (%2)").arg(row.userEmail).arg(row.userName) : row.userEmail
                        elide: Text.ElideRight
                        Layout.fillWidth: true
                        Layout.preferredWidth: 1
                    }
                    Label { text: row.tokenHint; font.family: "monospace"; Layout.fillWidth: true; Layout.preferredWidth: 1 }
                    Label { text: view.when(row.lastSeen); Layout.fillWidth: true; Layout.preferredWidth: 1 }
                    Label {
                        text: view.when(row.expires) + (row.expired ? " " + qsTr("(expired)") : "")
                        color: row.expired ? "#d32f2f" : Material.foreground
                        Layout.fillWidth: true
                        Layout.preferredWidth: 1
                    }
                    Button {
                        id: revoke
                        objectName: "revokeButton"
                        text: qsTr("Revoke")
                        flat: true
                        Layout.preferredWidth: 110
                        onClicked: {
                            confirm.token = row.sessionToken
                            confirm.message = qsTr("End the session %1 of %2?").arg(row.tokenHint).arg(row.userEmail)
                            confirm.open()
                        }
                        Accessible.name: qsTr("Revoke the session of %1").arg(row.userEmail)
                    }
                }
            }
            Label {
                anchors.centerIn: parent
                visible: list.count === 0 && !sessions.busy
                text: qsTr("No sessions.")
                opacity: 0.7
            }
        }
    }
}
