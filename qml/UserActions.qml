// What can be done to a user, with the dialogs it needs: create, edit, verify the email, set or
// reset the password, disable, delete (after a confirmation). The work is UsersModel's; this
// item asks and reports. \c user is a map with the UsersModel roles (userId, email, name, ...).
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Gatehouse.Admin.Core

Item {
    id: actions
    required property UsersModel usersModel
    //! The last result, shown by the owner (a sentence).
    property string message
    property bool messageIsError: false
    readonly property alias userDialog: userDialog
    readonly property alias confirmDialog: confirm
    signal removed(string userId)
    signal changed(string userId)

    function create() { userDialog.openFor(null) }
    function edit(user) { userDialog.openFor(user) }
    function setVerified(user, verified) { usersModel.setEmailVerified(user.userId, verified) }
    function setPassword(user) { passwordDialog.user = user; passwordField.text = ""; passwordDialog.open() }
    function resetPassword(user) {
        confirm.action = () => usersModel.resetPassword(user.userId)
        confirm.title = qsTr("Reset password")
        confirm.message = qsTr("Give %1 a new random password? The current one stops working.").arg(user.email)
        confirm.confirmText = qsTr("Reset")
        confirm.open()
    }
    function setDisabled(user, disabled) {
        if (!disabled) {
            usersModel.setDisabled(user.userId, false)
            return
        }
        confirm.action = () => usersModel.setDisabled(user.userId, true)
        confirm.title = qsTr("Disable user")
        confirm.message = qsTr("Disable %1? The user cannot sign in with any provider until enabled again, and is signed out everywhere.").arg(user.email || user.userId)
        confirm.confirmText = qsTr("Disable")
        confirm.open()
    }
    function remove(user) {
        confirm.action = () => usersModel.remove(user.userId)
        confirm.title = qsTr("Delete user")
        confirm.message = qsTr("Delete %1 with all linked accounts, sessions, passkeys and the password? This cannot be undone.").arg(user.email || user.userId)
        confirm.confirmText = qsTr("Delete")
        confirm.open()
    }

    Connections {
        target: actions.usersModel
        function onOperationFinished(operation, ok, message, result) {
            actions.message = message
            actions.messageIsError = !ok
            if (!ok)
                return
            if (operation === "resetPassword" && result.password) {
                newPassword.text = result.password
                passwordResult.open()
            }
            if (operation === "remove")
                actions.removed(result.userId || "")
            else
                actions.changed(result.userId || "")
            if (operation === "createUser" || operation === "updateUser")
                userDialog.close()
        }
    }

    ConfirmDialog {
        id: confirm
        objectName: "userConfirmDialog"
        property var action
        parent: Overlay.overlay
        onConfirmed: action()
    }

    Dialog {
        id: userDialog
        objectName: "userDialog"
        property var user: null
        function openFor(u) {
            user = u
            emailField.text = u ? u.email : ""
            nameField.text = u ? u.name : ""
            imageField.text = u ? u.image : ""
            actions.message = ""
            open()
            emailField.forceActiveFocus()
        }
        parent: Overlay.overlay
        anchors.centerIn: parent
        width: 480
        modal: true
        title: user ? qsTr("Edit user") : qsTr("New user")
        standardButtons: Dialog.Save | Dialog.Cancel
            onAccepted: {
            if (user)
                actions.usersModel.updateUser(user.userId, nameField.text, emailField.text, imageField.text)
            else
                actions.usersModel.createUser(emailField.text, nameField.text, imageField.text)
        }
        GridLayout {
            width: parent.width
            columns: 2
            Label { text: qsTr("Email") }
            TextField {
                id: emailField
                objectName: "emailField"
                Layout.fillWidth: true
                inputMethodHints: Qt.ImhEmailCharactersOnly
                Accessible.name: qsTr("Email")
            }
            Item { width: 1 }
            Label {
                readonly property string problem: emailField.text.length > 0 ? actions.usersModel.validateEmail(emailField.text) : ""
                visible: problem.length > 0
                text: problem
                color: "#d32f2f"
                wrapMode: Text.Wrap
                Layout.fillWidth: true
            }
            Label { text: qsTr("Name") }
            TextField {
                id: nameField
                objectName: "nameField"
                Layout.fillWidth: true
                Accessible.name: qsTr("Name")
            }
            Label { text: qsTr("Image URL") }
            TextField {
                id: imageField
                Layout.fillWidth: true
                placeholderText: "https://…"
                Accessible.name: qsTr("Image URL")
            }
        }
    }

    Dialog {
        id: passwordDialog
        objectName: "passwordDialog"
        property var user: null
        parent: Overlay.overlay
        anchors.centerIn: parent
        width: 440
        modal: true
        title: qsTr("Set password")
        standardButtons: Dialog.Ok | Dialog.Cancel
            onAccepted: actions.usersModel.setPassword(user.userId, passwordField.text)
        ColumnLayout {
            width: parent.width
            Label {
                text: passwordDialog.user ? qsTr("New password for %1 (at least 8 characters):").arg(passwordDialog.user.email) : ""
                wrapMode: Text.Wrap
                Layout.fillWidth: true
            }
            TextField {
                id: passwordField
                Layout.fillWidth: true
                echoMode: TextInput.Password
                Accessible.name: qsTr("New password")
            }
        }
    }

    Dialog {
        id: passwordResult
        parent: Overlay.overlay
        anchors.centerIn: parent
        width: 440
        modal: true
        title: qsTr("New password")
        standardButtons: Dialog.Ok
            onClosed: newPassword.text = ""
        ColumnLayout {
            width: parent.width
            Label {
                text: qsTr("The new password is shown only now. Hand it over securely.")
                wrapMode: Text.Wrap
                Layout.fillWidth: true
            }
            TextField {
                id: newPassword
                readOnly: true
                selectByMouse: true
                font.family: "monospace"
                Layout.fillWidth: true
                Accessible.name: qsTr("New password")
            }
        }
    }
}
