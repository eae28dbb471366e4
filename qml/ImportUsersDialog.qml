// Import users…: a file, its format and the options of `gatehouse-server user import`; Check shows
// every user of the file with what would become of it, Import then does it in one transaction.
import QtQuick
import QtQuick.Controls
import QtQuick.Controls.Material
import QtQuick.Dialogs
import QtQuick.Layouts
import Gatehouse.Admin.Core

Dialog {
    id: dialog
    required property AdminConnection connection
    readonly property alias model: importModel
    //! Users were stored: the list behind the dialog should reload.
    signal imported()

    title: qsTr("Import users")
    modal: true
    focus: true
    anchors.centerIn: Overlay.overlay
    width: Math.min(900, parent ? parent.width - 40 : 900)
    height: Math.min(680, parent ? parent.height - 40 : 680)
    closePolicy: importModel.busy ? Popup.NoAutoClose : Popup.CloseOnEscape

    UserImportModel {
        id: importModel
        connection: dialog.connection
        onStateChanged: if (state === UserImportModel.Imported && committed) dialog.imported()
    }

    function outcomeText(outcome) {
        switch (outcome) {
        case "created": return importModel.state === UserImportModel.Imported ? qsTr("created") : qsTr("new")
        case "updated": return importModel.state === UserImportModel.Imported ? qsTr("updated") : qsTr("update")
        case "unchanged": return qsTr("unchanged")
        case "skipped": return qsTr("skipped (exists)")
        default: return qsTr("refused")
        }
    }
    function summaryText() {
        const m = importModel
        if (m.state === UserImportModel.Checked)
            return qsTr("Of %1 users in the file: %2 new, %3 to update, %4 unchanged, %5 skipped, %6 refused. Nothing is stored yet.")
                .arg(m.readCount).arg(m.createdCount).arg(m.updatedCount).arg(m.unchangedCount).arg(m.skippedCount).arg(m.refusedCount)
        if (m.state === UserImportModel.Imported && m.committed)
            return qsTr("Imported: %1 created, %2 updated, %3 unchanged, %4 skipped, %5 refused of %6 users. Each one is in the audit log.")
                .arg(m.createdCount).arg(m.updatedCount).arg(m.unchangedCount).arg(m.skippedCount).arg(m.refusedCount).arg(m.readCount)
        if (m.state === UserImportModel.Imported)
            return qsTr("Nothing was imported: the database changed since the check (see the refused users). Check again.")
        return ""
    }

    FileDialog {
        id: fileDialog
        title: qsTr("Choose a file of users")
        nameFilters: [qsTr("User files (*.yml *.yaml *.json *.jsonl *.csv *htpasswd*)"), qsTr("All files (*)")]
        onAccepted: importModel.fileUrl = selectedFile
    }

    contentItem: ColumnLayout {
        spacing: 10

        GridLayout {
            Layout.fillWidth: true
            columns: 4
            columnSpacing: 12
            rowSpacing: 6
            enabled: !importModel.busy

            Label { text: qsTr("File") }
            TextField {
                objectName: "importFileField"
                Layout.fillWidth: true
                Layout.columnSpan: 2
                readOnly: true
                text: importModel.fileUrl.toString().length > 0
                      ? decodeURIComponent(importModel.fileUrl.toString().replace(/^file:\/\//, "")) : ""
                placeholderText: qsTr("No file chosen")
                Accessible.name: qsTr("File to import")
            }
            Button {
                objectName: "chooseFileButton"
                text: qsTr("Choose…")
                onClicked: fileDialog.open()
            }

            Label { text: qsTr("Format") }
            ComboBox {
                objectName: "importFormatBox"
                model: importModel.formats
                currentIndex: importModel.formats.indexOf(importModel.format)
                onActivated: importModel.format = currentText
                Accessible.name: qsTr("Format of the file")
            }
            Label { text: qsTr("Existing users") }
            ComboBox {
                objectName: "importConflictBox"
                Layout.fillWidth: true
                textRole: "text"
                valueRole: "value"
                model: [
                    { value: "fail", text: qsTr("Import nothing if one exists") },
                    { value: "skip", text: qsTr("Leave them as they are") },
                    { value: "update", text: qsTr("Update them from the file") }
                ]
                currentIndex: indexOfValue(importModel.onConflict)
                onActivated: importModel.onConflict = currentValue
                Accessible.name: qsTr("What to do with users that exist")
            }

            Label { text: qsTr("Email domain") }
            TextField {
                objectName: "importDomainField"
                Layout.fillWidth: true
                text: importModel.emailDomain
                placeholderText: qsTr("for user names without @")
                onEditingFinished: importModel.emailDomain = text
                Accessible.name: qsTr("Email domain for user names")
            }
            Label { text: qsTr("Add to groups") }
            TextField {
                objectName: "importGroupsField"
                Layout.fillWidth: true
                text: importModel.groups
                placeholderText: qsTr("e.g. staff, imported")
                onEditingFinished: importModel.groups = text
                Accessible.name: qsTr("Groups every imported user joins")
            }

            CheckBox {
                objectName: "importWeakBox"
                Layout.columnSpan: 4
                text: qsTr("Accept weak hashes (apr1, low-cost bcrypt, …); they are flagged until the user signs in")
                checked: importModel.allowWeakHashes
                onToggled: importModel.allowWeakHashes = checked
            }
        }

        ProgressBar {
            objectName: "importProgress"
            Layout.fillWidth: true
            visible: importModel.busy
            indeterminate: importModel.progress < 0
            value: Math.max(0, importModel.progress)
            Accessible.name: importModel.state === UserImportModel.Importing ? qsTr("Importing") : qsTr("Checking")
        }
        Label {
            objectName: "importSummary"
            Layout.fillWidth: true
            visible: text.length > 0
            text: dialog.summaryText()
            wrapMode: Text.Wrap
            Accessible.role: Accessible.StaticText
            Accessible.name: text
        }
        Label {
            objectName: "importProblem"
            Layout.fillWidth: true
            visible: text.length > 0
            text: importModel.state === UserImportModel.Failed ? importModel.errorString : importModel.blockedReason
            color: "#d32f2f"
            wrapMode: Text.Wrap
            Accessible.role: Accessible.AlertMessage
            Accessible.name: text
        }

        ListView {
            id: rows
            objectName: "importRows"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: importModel
            reuseItems: true
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.vertical: ScrollBar { policy: ScrollBar.AsNeeded }
            Accessible.role: Accessible.Table
            Accessible.name: qsTr("Users in the file")
            readonly property var columnWidths: [0.08, 0.34, 0.16].map(f => f * width)
            delegate: ItemDelegate {
                id: row
                required property int line
                required property string email
                required property string outcome
                required property string reason
                width: rows.width
                height: 32
                Accessible.name: qsTr("line %1, %2: %3 %4").arg(line).arg(email).arg(dialog.outcomeText(outcome)).arg(reason)
                contentItem: RowLayout {
                    spacing: 0
                    Label {
                        Layout.preferredWidth: rows.columnWidths[0]
                        text: row.line > 0 ? row.line : ""
                        opacity: 0.6
                    }
                    Label {
                        Layout.preferredWidth: rows.columnWidths[1]
                        Layout.maximumWidth: rows.columnWidths[1]
                        text: row.email.length > 0 ? row.email : "—"
                        elide: Text.ElideRight
                    }
                    Label {
                        Layout.preferredWidth: rows.columnWidths[2]
                        text: dialog.outcomeText(row.outcome)
                        color: row.outcome === "refused" ? "#d32f2f" : Material.foreground
                        font.bold: row.outcome === "created" || row.outcome === "updated"
                    }
                    Label {
                        Layout.fillWidth: true
                        text: row.reason
                        elide: Text.ElideRight
                        opacity: 0.8
                        ToolTip.visible: hovered && truncated
                        ToolTip.text: row.reason
                        readonly property bool hovered: rowHover.hovered
                        HoverHandler { id: rowHover }
                    }
                }
            }
            Label {
                anchors.centerIn: parent
                visible: rows.count === 0 && !importModel.busy && importModel.state !== UserImportModel.Failed
                text: qsTr("Choose a file and check it: every user is listed here before anything is stored.")
                opacity: 0.7
            }
        }
    }

    footer: DialogButtonBox {
        Button {
            objectName: "checkImportButton"
            text: qsTr("Check")
            enabled: !importModel.busy && importModel.fileUrl.toString().length > 0
            onClicked: importModel.check()
            Accessible.name: qsTr("Check the file")
        }
        Button {
            objectName: "runImportButton"
            text: qsTr("Import")
            highlighted: true
            enabled: importModel.canImport
            onClicked: importModel.importUsers()
            Accessible.name: qsTr("Import the checked users")
        }
        Button {
            text: qsTr("Close")
            enabled: !importModel.busy
            DialogButtonBox.buttonRole: DialogButtonBox.RejectRole
            Accessible.name: text
        }
    }
}
