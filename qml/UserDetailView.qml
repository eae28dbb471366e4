// One user: the record and its actions, two-factor sign-in, groups, linked accounts, sessions,
// passkeys, the apps they allowed at the OpenID Provider and recent audit events.
import QtQuick
import QtQuick.Controls
import QtQuick.Controls.Material
import QtQuick.Layouts
import Gatehouse.Admin.Core

Pane {
    id: view
    required property AdminConnection connection
    property string userId
    readonly property bool ready: detail.loaded && !detail.busy
    readonly property alias detail: detail
    readonly property alias consents: consents
    readonly property alias tabs: tabs
    signal back()
    //! The group's members were asked for (the user list, filtered by it).
    signal groupOpened(string group)

    readonly property var user: ({ userId: detail.userId, email: detail.email, name: detail.name, image: detail.image })
    readonly property bool verified: !isNaN(detail.emailVerified.getTime())
    property string message
    property bool messageIsError: false

    function when(date) {
        return date && !isNaN(date.getTime()) ? date.toLocaleString(Qt.locale(), Locale.ShortFormat) : "–"
    }

    UserDetail {
        id: detail
        connection: view.connection
        userId: view.userId
        onOperationFinished: (operation, ok, message) => { view.message = message; view.messageIsError = !ok }
    }
    ConsentsModel {
        id: consents
        connection: view.connection
        userId: view.userId
        onOperationFinished: (operation, ok, message) => { view.message = message; view.messageIsError = !ok }
    }
    UsersModel {
        id: editor
        connection: view.connection
    }
    UserActions {
        id: actions
        usersModel: editor
        onChanged: detail.reload()
        onRemoved: view.back()
        onMessageChanged: { view.message = message; view.messageIsError = messageIsError }
    }
    readonly property alias confirmDialog: confirm
    ConfirmDialog {
        id: confirm
        objectName: "detailConfirmDialog"
        property var action
        parent: Overlay.overlay
        onConfirmed: action()
    }
    function ask(title, message, confirmText, action) {
        confirm.title = title
        confirm.message = message
        confirm.confirmText = confirmText
        confirm.action = action
        confirm.open()
    }

    ColumnLayout {
        anchors.fill: parent
        anchors.margins: 8
        spacing: 10

        RowLayout {
            Layout.fillWidth: true
            ToolButton {
                text: "←"
                onClicked: view.back()
                Accessible.name: qsTr("Back to the users")
            }
            Rectangle {
                width: 48; height: 48; radius: 24
                color: Material.accent
                Label {
                    anchors.centerIn: parent
                    text: (detail.name || detail.email || "?").charAt(0).toUpperCase()
                    font.pixelSize: 22
                    color: "white"
                }
            }
            ColumnLayout {
                spacing: 0
                Layout.fillWidth: true
                Label {
                    objectName: "userTitle"
                    text: detail.name || detail.email || view.userId
                    font.pixelSize: 22
                    font.bold: true
                    elide: Text.ElideRight
                    Layout.fillWidth: true
                }
                Label {
                    text: [detail.email,
                           view.verified ? qsTr("verified %1").arg(view.when(detail.emailVerified)) : qsTr("email not verified"),
                           detail.passwordDisabled ? qsTr("password disabled") : detail.hasPassword ? qsTr("has a password") : qsTr("no password")]
                          .filter(s => s.length > 0).join(" · ")
                    opacity: 0.75
                    elide: Text.ElideRight
                    Layout.fillWidth: true
                }
                Label {
                    text: detail.image.length > 0 ? qsTr("Id: %1 · image %2").arg(detail.userId).arg(detail.image)
                                                  : qsTr("Id: %1").arg(detail.userId)
                    elide: Text.ElideRight
                    Layout.fillWidth: true
                    opacity: 0.55
                    font.pixelSize: 12
                }
            }
            BusyIndicator { running: detail.busy; Layout.preferredWidth: 32; Layout.preferredHeight: 32 }
        }

        Pane {
            objectName: "userDisabledNotice"
            visible: detail.disabled
            Layout.fillWidth: true
            padding: 8
            Material.background: view.Material.theme === Material.Dark ? "#4a1f1f" : "#fdecea"
            Label {
                width: parent.width
                text: qsTr("Disabled: this user cannot sign in with any provider until enabled again.")
                wrapMode: Text.Wrap
                Accessible.role: Accessible.StaticText
                Accessible.name: text
            }
        }

        Flow {
            Layout.fillWidth: true
            spacing: 6
            enabled: detail.exists
            Button { text: qsTr("Edit…"); onClicked: actions.edit(view.user); Accessible.name: qsTr("Edit the user") }
            Button {
                text: view.verified ? qsTr("Mark email unverified") : qsTr("Mark email verified")
                onClicked: actions.setVerified(view.user, !view.verified)
                Accessible.name: text
            }
            Button { text: qsTr("Set password…"); onClicked: actions.setPassword(view.user); Accessible.name: qsTr("Set a password") }
            Button { text: qsTr("Reset password…"); onClicked: actions.resetPassword(view.user); Accessible.name: qsTr("Reset the password") }
            Button {
                objectName: "disableUserButton"
                text: detail.disabled ? qsTr("Enable") : qsTr("Disable…")
                onClicked: actions.setDisabled(view.user, !detail.disabled)
                Accessible.name: detail.disabled ? qsTr("Enable the user") : qsTr("Disable the user")
            }
            Button {
                objectName: "deleteUserButton"
                text: qsTr("Delete…")
                Material.foreground: "#d32f2f"
                onClicked: actions.remove(view.user)
                Accessible.name: qsTr("Delete the user")
            }
        }
        Label {
            readonly property string error: detail.errorString || consents.errorString
            visible: view.message.length > 0 || error.length > 0
            text: error.length > 0 ? error : view.message
            color: view.messageIsError || error.length > 0 ? "#d32f2f" : Material.accent
            wrapMode: Text.Wrap
            Layout.fillWidth: true
            Accessible.role: Accessible.AlertMessage
            Accessible.name: text
        }
        Label {
            visible: detail.loaded && !detail.exists
            text: qsTr("There is no user with the id %1.").arg(view.userId)
        }

        Frame {
            objectName: "lockoutSection"
            // Only while a limit keeps the person out: what, until when, and the way to lift it.
            visible: detail.exists && detail.lockouts.length > 0
            Layout.fillWidth: true
            RowLayout {
                anchors.fill: parent
                spacing: 10
                ColumnLayout {
                    Layout.fillWidth: true
                    spacing: 2
                    Label { text: qsTr("Kept out by too many attempts"); font.bold: true; color: "#d32f2f" }
                    Repeater {
                        model: detail.lockouts
                        delegate: Label {
                            required property var modelData
                            objectName: "lockoutLine"
                            text: qsTr("%1: until %2").arg(modelData.kind).arg(view.when(modelData.until))
                            Layout.fillWidth: true
                            wrapMode: Text.Wrap
                            Accessible.role: Accessible.StaticText
                            Accessible.name: text
                        }
                    }
                }
                Button {
                    objectName: "unlockButton"
                    text: qsTr("Lift the limits…")
                    onClicked: view.ask(qsTr("Lift the limits"),
                                        qsTr("Forget the failed attempts counted against %1, so they may try again at once? Limits on their network address stay.")
                                        .arg(detail.email),
                                        qsTr("Lift"), () => detail.unlock())
                    Accessible.name: qsTr("Lift the limits on %1").arg(detail.email)
                }
            }
        }

        RowLayout {
            Layout.fillWidth: true
            spacing: 10
            enabled: detail.exists
            visible: detail.exists

            Frame {
                objectName: "twoFactorSection"
                visible: detail.twoFactorAvailable
                Layout.fillWidth: true
                Layout.preferredWidth: 1
                Layout.alignment: Qt.AlignTop
                ColumnLayout {
                    anchors.fill: parent
                    spacing: 4
                    Label { text: qsTr("Two-factor sign-in"); font.bold: true }
                    Label {
                        objectName: "twoFactorStatus"
                        text: detail.twoFactorEnrolled
                              ? qsTr("Authenticator app set up %1 · recovery codes left: %2")
                                .arg(view.when(detail.twoFactorEnrolledAt)).arg(detail.recoveryCodesLeft)
                              : detail.twoFactorPending
                                ? qsTr("Enrolment pending: an authenticator app was added but never confirmed with a code.")
                                : qsTr("Not set up: signing in asks for no code.")
                        wrapMode: Text.Wrap
                        Layout.fillWidth: true
                        Accessible.role: Accessible.StaticText
                        Accessible.name: text
                    }
                    Button {
                        objectName: "removeTwoFactorButton"
                        text: qsTr("Remove two-factor sign-in…")
                        visible: detail.twoFactorEnrolled || detail.twoFactorPending
                        Material.foreground: "#d32f2f"
                        onClicked: view.ask(qsTr("Remove two-factor sign-in"),
                                            qsTr("Remove the authenticator app and the recovery codes of %1? Signing in asks them for no code until they set it up again.")
                                            .arg(detail.name.length > 0 ? qsTr("%1 (%2)").arg(detail.name).arg(detail.email) : detail.email),
                                            qsTr("Remove"), () => detail.removeTwoFactor())
                        Accessible.name: qsTr("Remove two-factor sign-in")
                    }
                }
            }

            Frame {
                objectName: "groupsSection"
                Layout.fillWidth: true
                Layout.preferredWidth: 1
                Layout.alignment: Qt.AlignTop
                ColumnLayout {
                    anchors.fill: parent
                    spacing: 4
                    Label { text: qsTr("Groups"); font.bold: true }
                    Label {
                        visible: detail.groups.length === 0
                        text: qsTr("In no groups.")
                        opacity: 0.7
                    }
                    Flow {
                        objectName: "groupsFlow"
                        Layout.fillWidth: true
                        spacing: 4
                        Repeater {
                            model: detail.groups
                            delegate: Pane {
                                required property string modelData
                                objectName: "group_" + modelData
                                padding: 2
                                leftPadding: 8
                                Material.background: view.Material.theme === Material.Dark ? "#37474f" : "#e3eaf2"
                                Material.elevation: 0
                                RowLayout {
                                    spacing: 0
                                    Label {
                                        objectName: "groupName"
                                        text: modelData
                                        font.underline: groupMouse.containsMouse
                                        MouseArea {
                                            id: groupMouse
                                            anchors.fill: parent
                                            hoverEnabled: true
                                            cursorShape: Qt.PointingHandCursor
                                            onClicked: view.groupOpened(modelData)
                                        }
                                        Accessible.role: Accessible.Link
                                        Accessible.name: qsTr("Show the members of %1").arg(modelData)
                                    }
                                    ToolButton {
                                        objectName: "removeGroupButton"
                                        text: "×"
                                        implicitHeight: 28
                                        implicitWidth: 28
                                        onClicked: view.ask(qsTr("Remove from group"),
                                                            qsTr("Take %1 out of the group %2? Access rules that name the group stop letting them in.")
                                                            .arg(detail.email).arg(modelData),
                                                            qsTr("Remove"), () => detail.removeGroup(modelData))
                                        Accessible.name: qsTr("Remove from the group %1").arg(modelData)
                                    }
                                }
                            }
                        }
                    }
                    RowLayout {
                        Layout.fillWidth: true
                        TextField {
                            id: groupField
                            objectName: "groupField"
                            Layout.fillWidth: true
                            placeholderText: qsTr("Add to a group")
                            readonly property string problem: text.length > 0 ? detail.validateGroupName(text) : ""
                            onAccepted: if (text.length > 0 && problem.length === 0) addGroupButton.clicked()
                            Accessible.name: qsTr("Group name")
                        }
                        Button {
                            id: addGroupButton
                            objectName: "addGroupButton"
                            text: qsTr("Add")
                            enabled: groupField.text.length > 0 && groupField.problem.length === 0
                            onClicked: { detail.addGroup(groupField.text); groupField.clear() }
                            Accessible.name: qsTr("Add to the group")
                        }
                    }
                    Label {
                        objectName: "groupProblem"
                        visible: groupField.problem.length > 0
                        text: groupField.problem
                        color: "#d32f2f"
                        wrapMode: Text.Wrap
                        Layout.fillWidth: true
                        Accessible.role: Accessible.AlertMessage
                        Accessible.name: text
                    }
                }
            }
        }

        TabBar {
            id: tabs
            objectName: "detailTabs"
            Layout.fillWidth: true
            TabButton { text: qsTr("Accounts (%1)").arg(detail.accounts.count); Accessible.name: qsTr("Linked accounts") }
            TabButton {
                objectName: "sessionsTab"
                text: qsTr("Sessions (%1)").arg(detail.sessions.count)
                Accessible.name: qsTr("Sessions")
            }
            TabButton { text: qsTr("Passkeys (%1)").arg(detail.authenticators.count); Accessible.name: qsTr("Passkeys") }
            TabButton { text: qsTr("Audit log"); Accessible.name: qsTr("Audit log") }
            TabButton {
                objectName: "appsTab"
                text: qsTr("Apps with access (%1)").arg(consents.count)
                Accessible.name: qsTr("Apps with access")
            }
        }

        StackLayout {
            Layout.fillWidth: true
            Layout.fillHeight: true
            currentIndex: tabs.currentIndex

            RecordList {
                objectName: "accountsList"
                model: detail.accounts
                emptyText: qsTr("No linked accounts.")
                columns: [qsTr("Provider"), qsTr("Account id at the provider"), qsTr("Type"), qsTr("Token expires")]
                cells: r => [r.provider, r.providerAccountId, r.type, view.when(r.expiresAt)]
                actionText: qsTr("Unlink")
                onAction: r => view.ask(qsTr("Unlink account"),
                                        qsTr("Unlink the %1 account %2? The user can no longer sign in with it.").arg(r.provider).arg(r.providerAccountId),
                                        qsTr("Unlink"), () => detail.unlinkAccount(r.provider, r.providerAccountId))
            }
            ColumnLayout {
                RowLayout {
                    Label { text: qsTr("Active and expired sessions of this user."); opacity: 0.7; Layout.fillWidth: true }
                    Button {
                        objectName: "revokeAllButton"
                        text: qsTr("Revoke all")
                        enabled: detail.sessions.count > 0
                        onClicked: view.ask(qsTr("Revoke all sessions"),
                                            qsTr("Sign %1 out everywhere?").arg(detail.email), qsTr("Revoke all"),
                                            () => detail.revokeAllSessions())
                        Accessible.name: qsTr("Revoke all sessions")
                    }
                }
                RecordList {
                    objectName: "userSessionsList"
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    model: detail.sessions
                    emptyText: qsTr("No sessions.")
                    columns: [qsTr("Session"), qsTr("Last seen"), qsTr("Expires"), qsTr("Client address")]
                    cells: r => [r.tokenHint, view.when(r.lastSeen), view.when(r.expires) + (r.expired ? " " + qsTr("(expired)") : ""),
                                 r.clientAddress || "–"]
                    actionText: qsTr("Revoke")
                    onAction: r => view.ask(qsTr("Revoke session"), qsTr("End the session %1?").arg(r.tokenHint),
                                            qsTr("Revoke"), () => detail.revokeSession(r.sessionToken))
                }
            }
            RecordList {
                objectName: "authenticatorsList"
                model: detail.authenticators
                emptyText: qsTr("No passkeys.")
                columns: [qsTr("Credential id"), qsTr("Device"), qsTr("Backed up"), qsTr("Transports"), qsTr("Counter")]
                cells: r => [r.credentialID, r.deviceType, r.backedUp ? qsTr("yes") : qsTr("no"),
                             (r.transports || []).join(", "), String(r.counter)]
                actionText: qsTr("Remove")
                onAction: r => view.ask(qsTr("Remove passkey"), qsTr("Remove the passkey %1?").arg(r.credentialID),
                                        qsTr("Remove"), () => detail.removeAuthenticator(r.credentialID))
            }
            RecordList {
                objectName: "auditList"
                model: detail.auditEvents
                emptyText: qsTr("No events.")
                columns: [qsTr("Time"), qsTr("Event"), qsTr("Provider"), qsTr("Client address"), qsTr("Detail")]
                cells: r => [view.when(r.time), r.type, r.provider || "–", r.clientAddress || "–", r.detail || ""]
            }
            ColumnLayout {
                Label {
                    text: consents.available ? qsTr("Apps this user allowed at the consent page to sign them in. Revoking one ends its refresh tokens; it asks again at the next sign-in.")
                                             : qsTr("This database keeps no consents.")
                    opacity: 0.7
                    wrapMode: Text.Wrap
                    Layout.fillWidth: true
                }
                RecordList {
                    objectName: "consentsList"
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    model: consents
                    emptyText: qsTr("No app has access.")
                    columns: [qsTr("App"), qsTr("Allowed"), qsTr("Since")]
                    cells: r => [r.name === r.clientId ? r.clientId : qsTr("%1 (%2)").arg(r.name).arg(r.clientId),
                                 r.scopesText, view.when(r.grantedAt)]
                    actionText: qsTr("Revoke")
                    onAction: r => view.ask(qsTr("Revoke app access"),
                                            qsTr("Take away %1's access to the account of %2? Its refresh tokens stop working and it asks again at the next sign-in.")
                                            .arg(r.name).arg(detail.email),
                                            qsTr("Revoke"), () => consents.revoke(r.clientId))
                }
            }
        }
    }
}
