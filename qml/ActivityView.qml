// Activity: every user's audit events, newest first, filtered by type, user and time, following
// the log as it grows. ActivityModel decides what is shown; this view presents it and tells the
// model whether the reader is at the top (new events go in) or scrolled back (they are held).
import QtQuick
import QtQuick.Controls
import QtQuick.Controls.Material
import QtQuick.Layouts
import Gatehouse.Admin.Core

Pane {
    id: view
    required property AdminConnection connection
    //! The view is shown: the model follows the log only then.
    property bool active: true
    readonly property bool ready: activity.loaded || activity.errorString.length > 0
                                  || activity.filterProblem.length > 0
    readonly property alias model: activity
    readonly property alias list: list
    signal userOpened(string userId)

    //! Sets the filters at once (tests, and a user's own events from elsewhere).
    function filterBy(types, user, since, until) {
        activity.types = types
        userFilter.text = user
        sinceFilter.text = since
        untilFilter.text = until
        filterDelay.stop()
        activity.user = user
        activity.since = since
        activity.until = until
    }

    ActivityModel {
        id: activity
        connection: view.connection
        active: view.active && view.visible
        followNewest: list.atTop
        onNewestAdded: if (list.atTop) list.positionViewAtBeginning()
    }
    Timer {
        id: filterDelay
        interval: 400
        onTriggered: {
            activity.user = userFilter.text.trim()
            activity.since = sinceFilter.text
            activity.until = untilFilter.text
        }
    }

    ColumnLayout {
        anchors.fill: parent
        anchors.margins: 8
        spacing: 10

        RowLayout {
            Layout.fillWidth: true
            spacing: 10
            Label {
                text: qsTr("Activity")
                font.pixelSize: 22
                font.bold: true
            }
            Label {
                text: activity.types.length === 0 ? qsTr("every event") : qsTr("%n event type(s)", "", activity.types.length)
                opacity: 0.7
                Layout.fillWidth: true
            }
            BusyIndicator {
                running: activity.busy
                visible: running
                Layout.preferredHeight: 32
                Layout.preferredWidth: 32
            }
            Button {
                id: typeButton
                objectName: "typeFilterButton"
                text: activity.types.length === 0 ? qsTr("Event types…")
                                                  : qsTr("Event types (%1)…").arg(activity.types.length)
                onClicked: typeMenu.open()
                Accessible.name: qsTr("Filter by event type")
                Menu {
                    id: typeMenu
                    objectName: "typeMenu"
                    y: typeButton.height
                    height: Math.min(implicitHeight, view.height - 80)
                    MenuItem {
                        text: qsTr("Every type")
                        checkable: true
                        checked: activity.types.length === 0
                        onTriggered: activity.types = []
                    }
                    MenuSeparator {}
                    Repeater {
                        model: activity.eventTypes
                        delegate: MenuItem {
                            required property var modelData
                            text: modelData.text
                            checkable: true
                            checked: activity.types.indexOf(modelData.type) >= 0
                            onTriggered: {
                                const chosen = activity.types.filter(t => t !== modelData.type)
                                if (checked)
                                    chosen.push(modelData.type)
                                activity.types = chosen
                            }
                        }
                    }
                }
            }
            TextField {
                id: userFilter
                objectName: "userFilter"
                Layout.preferredWidth: 200
                placeholderText: qsTr("User email or id")
                onTextEdited: filterDelay.restart()
                Accessible.name: qsTr("Filter by user")
            }
            TextField {
                id: sinceFilter
                objectName: "sinceFilter"
                Layout.preferredWidth: 185
                placeholderText: qsTr("From (2026-11-29)")
                onTextEdited: filterDelay.restart()
                Accessible.name: qsTr("Events from this date or time on")
            }
            TextField {
                id: untilFilter
                objectName: "untilFilter"
                Layout.preferredWidth: 185
                placeholderText: qsTr("Before (2026-11-30)")
                onTextEdited: filterDelay.restart()
                Accessible.name: qsTr("Events before this date or time")
            }
        }

        // Why nothing is shown: not allowed, a failed read, a filter that is no date.
        Label {
            objectName: "activityMessage"
            visible: text.length > 0
            text: activity.filterProblem.length > 0 ? activity.filterProblem : activity.errorString
            color: "#d32f2f"
            font.pixelSize: activity.forbidden ? 16 : 14
            wrapMode: Text.Wrap
            Layout.fillWidth: true
            Accessible.role: Accessible.AlertMessage
            Accessible.name: text
        }

        // New events held while the reader is scrolled back; the list stays where it is.
        Button {
            objectName: "pendingButton"
            visible: activity.pendingCount > 0 || !activity.atNewest
            text: activity.pendingCount > 0 ? qsTr("%n new event(s): show", "", activity.pendingCount)
                                            : qsTr("Back to the newest events")
            highlighted: true
            Layout.alignment: Qt.AlignHCenter
            onClicked: {
                activity.showPending()
                list.positionViewAtBeginning()
            }
        }

        RowLayout {
            visible: !activity.forbidden
            Layout.fillWidth: true
            Layout.leftMargin: 12
            Layout.rightMargin: 12
            Label { text: qsTr("Time"); font.bold: true; Layout.preferredWidth: 170 }
            Label { text: qsTr("Event"); font.bold: true; Layout.preferredWidth: 200 }
            Label { text: qsTr("User"); font.bold: true; Layout.preferredWidth: 220 }
            Label { text: qsTr("Provider"); font.bold: true; Layout.preferredWidth: 100 }
            Label { text: qsTr("Address"); font.bold: true; Layout.preferredWidth: 110 }
            Label { text: qsTr("Details"); font.bold: true; Layout.fillWidth: true }
        }
        Rectangle { visible: !activity.forbidden; Layout.fillWidth: true; height: 1; color: Material.foreground; opacity: 0.2 }

        ListView {
            id: list
            objectName: "activityList"
            //! The reader sees the top of the list: new events may go in there.
            readonly property bool atTop: contentY - originY < 8
            visible: !activity.forbidden
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: activity
            currentIndex: -1
            keyNavigationEnabled: true
            ScrollBar.vertical: ScrollBar {}
            Accessible.role: Accessible.Table
            Accessible.name: qsTr("Activity")
            // Older events as the reader nears the end (ten rows before it, or the footer shown).
            function nearEnd() {
                if (count === 0)
                    return false
                if (atYEnd)
                    return true
                const last = indexAt(width / 2, contentY + height - 1)
                return last >= count - 10
            }
            onContentYChanged: if (nearEnd()) activity.loadOlder()
            onCountChanged: if (count > 0 && contentHeight < height) activity.loadOlder()
            delegate: ItemDelegate {
                id: row
                required property int index
                required property var eventId
                required property string timeText
                required property string type
                required property string typeText
                required property string userId
                required property string userEmail
                required property string provider
                required property string clientAddress
                required property string details
                width: list.width
                height: Math.max(44, detailsLabel.implicitHeight + 16, typeLabel.implicitHeight + 16)
                highlighted: ListView.isCurrentItem
                onClicked: list.currentIndex = index
                Accessible.name: qsTr("%1 at %2, %3").arg(typeText).arg(timeText).arg(userEmail || userId || qsTr("no user"))
                contentItem: RowLayout {
                    Label { text: row.timeText; Layout.preferredWidth: 170 }
                    Label {
                        id: typeLabel
                        text: row.typeText
                        color: row.type === "signInFailed" || row.type.endsWith("Failed") || row.type.endsWith("Failure")
                               || row.type === "adminApiDenied" ? "#d32f2f" : Material.foreground
                        font.bold: true
                        wrapMode: Text.Wrap
                        Layout.preferredWidth: 200
                    }
                    Label {
                        objectName: "activityUser"
                        text: row.userId.length === 0 ? "–"
                              : "<a href=\"user\">" + (row.userEmail.length > 0 ? row.userEmail : row.userId) + "</a>"
                        textFormat: row.userId.length === 0 ? Text.PlainText : Text.StyledText
                        linkColor: Material.accent
                        elide: Text.ElideRight
                        Layout.preferredWidth: 220
                        onLinkActivated: view.userOpened(row.userId)
                        Accessible.role: Accessible.Link
                        Accessible.name: qsTr("Open the user %1").arg(row.userEmail || row.userId)
                        MouseArea {
                            anchors.fill: parent
                            acceptedButtons: Qt.NoButton
                            cursorShape: row.userId.length > 0 ? Qt.PointingHandCursor : Qt.ArrowCursor
                        }
                    }
                    Label { text: row.provider || "–"; elide: Text.ElideRight; Layout.preferredWidth: 100 }
                    Label { text: row.clientAddress || "–"; elide: Text.ElideRight; Layout.preferredWidth: 110 }
                    Label {
                        id: detailsLabel
                        text: row.details
                        opacity: 0.8
                        wrapMode: Text.Wrap
                        Layout.fillWidth: true
                    }
                }
            }
            footer: Item {
                width: list.width
                height: activity.hasOlder ? 48 : 0
                Button {
                    anchors.centerIn: parent
                    visible: activity.hasOlder
                    text: qsTr("Older events")
                    flat: true
                    onClicked: activity.loadOlder()
                }
            }
            Label {
                anchors.centerIn: parent
                visible: list.count === 0 && activity.loaded && !activity.busy
                text: qsTr("No events.")
                opacity: 0.7
            }
        }
    }
}
