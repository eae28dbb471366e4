// A yes/no question before something that cannot be undone.
import QtQuick
import QtQuick.Controls

Dialog {
    id: dialog
    property string message
    property string confirmText: qsTr("Delete")
    signal confirmed()

    modal: true
    focus: true
    anchors.centerIn: Overlay.overlay
    width: Math.min(480, parent ? parent.width - 40 : 480)
    standardButtons: Dialog.Cancel

    Label {
        width: parent.width
        text: dialog.message
        wrapMode: Text.Wrap
    }
    footer: DialogButtonBox {
        Button {
            objectName: "confirmButton"
            text: dialog.confirmText
            DialogButtonBox.buttonRole: DialogButtonBox.AcceptRole
            Accessible.name: text
        }
        Button {
            text: qsTr("Cancel")
            DialogButtonBox.buttonRole: DialogButtonBox.RejectRole
            Accessible.name: text
        }
    }
    onAccepted: confirmed()
}
