// Users: search (email, name, id; group:NAME for a group's members), sort, a lazily loaded list (rows are fetched page by page
// as they come into view), and the user actions.
import QtQuick
import QtQuick.Controls
import QtQuick.Controls.Material
import QtQuick.Layouts
import Gatehouse.Admin.Core

Pane {
    id: view
    required property AdminConnection connection
    readonly property bool ready: usersModel.totalCount >= 0 && !usersModel.busy
    readonly property alias model: usersModel
    readonly property alias list: list
    readonly property alias actions: actions
    signal userOpened(string userId)

    UsersModel {
        id: usersModel
        connection: view.connection
    }
    UserActions {
        id: actions
        usersModel: view.model
    }
    ImportUsersDialog {
        id: importDialog
        objectName: "importUsersDialog"
        parent: Overlay.overlay
        connection: view.connection
        onImported: usersModel.refresh()
    }
    readonly property alias importDialog: importDialog
    //! Shows the users matching \a text, as if typed into the search field.
    function showSearch(text) {
        searchDelay.stop()
        searchField.text = text
        usersModel.search = text
    }
    //! Shows the members of \a group.
    function showGroup(group) { showSearch(usersModel.groupSearch(group)) }
    Timer {
        id: searchDelay
        interval: 250
        onTriggered: usersModel.search = searchField.text
    }

    //! Widths of the email, name, verified and id columns; the rest is the state and the menu.
    readonly property real rowWidth: list.width - 32
    readonly property var columnWidths: [0.32, 0.22, 0.14, 0.16].map(f => f * rowWidth)

    function sortBy(column) {
        if (usersModel.sortColumn === column)
            usersModel.ascending = !usersModel.ascending
        else {
            usersModel.sortColumn = column
            usersModel.ascending = true
        }
    }
    function userAt(row) { return usersModel.get(row) }
    function verifiedText(date) {
        return date && !isNaN(date.getTime()) ? date.toLocaleDateString(Qt.locale(), Locale.ShortFormat) : qsTr("no")
    }

    ColumnLayout {
        anchors.fill: parent
        anchors.margins: 8
        spacing: 10

        RowLayout {
            Layout.fillWidth: true
            spacing: 10
            Label {
                text: qsTr("Users")
                font.pixelSize: 22
                font.bold: true
            }
            Label {
                objectName: "userCountLabel"
                // Over a server, a count that stopped at 10,000 says "10,000+" (the list holds the first 10,000).
                text: usersModel.totalCount < 0 ? ""
                      : !usersModel.totalExact ? (usersModel.group.length > 0
                                                  ? qsTr("%1+ users in the group %2").arg(Number(usersModel.totalCount).toLocaleString(Qt.locale(), "f", 0)).arg(usersModel.group)
                                                  : qsTr("%1+ users").arg(Number(usersModel.totalCount).toLocaleString(Qt.locale(), "f", 0)))
                      : usersModel.group.length > 0 ? qsTr("%n user(s) in the group %1", "", usersModel.totalCount).arg(usersModel.group)
                                                    : qsTr("%n user(s)", "", usersModel.totalCount)
                opacity: 0.7
            }
            Label {
                objectName: "countStoppedHint"
                // Where the rows stop: the ones after them are found by a search, not by scrolling.
                visible: usersModel.totalCount >= 0 && !usersModel.totalExact
                text: qsTr("the first %1 are listed: search to find the others")
                          .arg(Number(usersModel.totalCount).toLocaleString(Qt.locale(), "f", 0))
                elide: Text.ElideRight
                Layout.fillWidth: true
                opacity: 0.7
            }
            Item { Layout.fillWidth: true }
            TextField {
                id: searchField
                objectName: "searchField"
                Layout.preferredWidth: 340
                placeholderText: qsTr("Search email, name, id or group:NAME")
                selectByMouse: true
                onTextEdited: searchDelay.restart()
                onAccepted: { searchDelay.stop(); usersModel.search = text }
                Keys.onDownPressed: list.forceActiveFocus()
                Accessible.name: qsTr("Search users")
            }
            Button {
                objectName: "importUsersButton"
                text: qsTr("Import users…")
                onClicked: importDialog.open()
                Accessible.name: qsTr("Import users from a file")
            }
            Button {
                objectName: "newUserButton"
                text: qsTr("New user")
                highlighted: true
                background: AccentBackground {}
                onClicked: actions.create()
                Accessible.name: qsTr("Create a user")
            }
        }
        Label {
            visible: actions.message.length > 0 || usersModel.errorString.length > 0
            text: usersModel.errorString.length > 0 ? usersModel.errorString : actions.message
            color: actions.messageIsError || usersModel.errorString.length > 0 ? "#d32f2f" : Material.accent
            wrapMode: Text.Wrap
            Layout.fillWidth: true
            Accessible.role: Accessible.AlertMessage
            Accessible.name: text
        }

        // Column headers: click (or Space) to sort, again to reverse.
        Row {
            Layout.fillWidth: true
            Layout.leftMargin: 16
            spacing: 0
            Repeater {
                model: [
                    { title: qsTr("Email"), column: UsersModel.Email },
                    { title: qsTr("Name"), column: UsersModel.Name },
                    { title: qsTr("Verified"), column: UsersModel.EmailVerified },
                    { title: qsTr("Id"), column: UsersModel.Id }
                ]
                delegate: Button {
                    required property var modelData
                    required property int index
                    flat: true
                    leftPadding: 0
                    rightPadding: 8
                    width: view.columnWidths[index]
                    text: modelData.title + (usersModel.sortColumn === modelData.column ? (usersModel.ascending ? " ▲" : " ▼") : "")
                    font.bold: true
                    onClicked: view.sortBy(modelData.column)
                    Accessible.name: qsTr("Sort by %1").arg(modelData.title)
                    contentItem: Label {
                        text: parent.text
                        font: parent.font
                        elide: Text.ElideRight
                        horizontalAlignment: Text.AlignLeft
                        verticalAlignment: Text.AlignVCenter
                    }
                }
            }
        }
        Rectangle { Layout.fillWidth: true; height: 1; color: Material.foreground; opacity: 0.2 }

        ListView {
            id: list
            objectName: "usersList"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: usersModel
            reuseItems: true
            keyNavigationEnabled: true
            highlightMoveDuration: 0
            cacheBuffer: 400
            currentIndex: -1
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.vertical: ScrollBar { policy: ScrollBar.AlwaysOn }
            Accessible.role: Accessible.Table
            Accessible.name: qsTr("Users")
            Keys.onReturnPressed: if (currentIndex >= 0) view.userOpened(usersModel.get(currentIndex).userId)
            Keys.onDeletePressed: if (currentIndex >= 0) actions.remove(usersModel.get(currentIndex))
            onActiveFocusChanged: if (activeFocus && currentIndex < 0 && count > 0) currentIndex = 0

            delegate: ItemDelegate {
                id: row
                required property int index
                required property string userId
                required property string name
                required property string email
                required property var emailVerified
                required property string image
                required property bool disabled
                required property bool hasPassword
                required property bool passwordDisabled
                required property bool loaded
                width: list.width
                height: 44
                leftPadding: 16
                rightPadding: 16
                highlighted: ListView.isCurrentItem
                onClicked: { list.currentIndex = index; view.userOpened(userId) }
                Accessible.name: !loaded ? qsTr("Loading")
                                 : disabled ? qsTr("%1, %2, disabled").arg(email).arg(name)
                                 : qsTr("%1, %2").arg(email).arg(name)
                contentItem: RowLayout {
                    spacing: 0
                    Label {
                        Layout.preferredWidth: view.columnWidths[0]
                        Layout.maximumWidth: view.columnWidths[0]
                        text: row.loaded ? row.email : "…"
                        elide: Text.ElideRight
                        font.strikeout: row.disabled
                    }
                    Label {
                        Layout.preferredWidth: view.columnWidths[1]
                        Layout.maximumWidth: view.columnWidths[1]
                        text: row.name
                        elide: Text.ElideRight
                    }
                    Label {
                        Layout.preferredWidth: view.columnWidths[2]
                        Layout.maximumWidth: view.columnWidths[2]
                        text: row.loaded ? view.verifiedText(row.emailVerified) : ""
                        opacity: 0.8
                    }
                    Label {
                        Layout.preferredWidth: view.columnWidths[3]
                        Layout.maximumWidth: view.columnWidths[3]
                        text: row.userId
                        elide: Text.ElideMiddle
                        opacity: 0.6
                        font.pixelSize: 12
                    }
                    Label {
                        objectName: "userStateLabel"
                        Layout.fillWidth: true
                        text: [row.disabled ? qsTr("disabled") : "",
                               row.passwordDisabled ? qsTr("password disabled") : row.hasPassword ? qsTr("password") : ""]
                              .filter(s => s.length > 0).join(" · ")
                        color: row.disabled ? "#d32f2f" : Material.foreground
                        opacity: row.disabled ? 1 : 0.7
                        font.pixelSize: 12
                        elide: Text.ElideRight
                    }
                    ToolButton {
                        text: "⋮"
                        enabled: row.loaded
                        onClicked: rowMenu.open()
                        Accessible.name: qsTr("Actions for %1").arg(row.email)
                        Menu {
                            id: rowMenu
                            readonly property var user: ({ userId: row.userId, email: row.email, name: row.name,
                                                           image: row.image })
                            MenuItem { text: qsTr("Open"); onTriggered: view.userOpened(row.userId) }
                            MenuItem { text: qsTr("Edit…"); onTriggered: actions.edit(rowMenu.user) }
                            MenuItem {
                                readonly property bool verified: row.emailVerified && !isNaN(row.emailVerified.getTime())
                                text: verified ? qsTr("Mark email unverified") : qsTr("Mark email verified")
                                onTriggered: actions.setVerified(rowMenu.user, !verified)
                            }
                            MenuItem { text: qsTr("Set password…"); onTriggered: actions.setPassword(rowMenu.user) }
                            MenuItem { text: qsTr("Reset password…"); onTriggered: actions.resetPassword(rowMenu.user) }
                            MenuItem {
                                text: row.disabled ? qsTr("Enable") : qsTr("Disable…")
                                onTriggered: actions.setDisabled(rowMenu.user, !row.disabled)
                            }
                            MenuSeparator {}
                            MenuItem { text: qsTr("Delete…"); onTriggered: actions.remove(rowMenu.user) }
                        }
                    }
                }
            }

            Label {
                anchors.centerIn: parent
                visible: list.count === 0 && !usersModel.busy
                text: usersModel.search.length > 0 ? qsTr("No user matches “%1”.").arg(usersModel.search) : qsTr("No users yet.")
                opacity: 0.7
            }
            BusyIndicator {
                anchors.centerIn: parent
                running: usersModel.busy && list.count === 0
            }
        }
    }
}
