// One setting of the configuration file: a label, an editor for its kind and the problem the
// server's loader reports at its key path, right below it.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Gatehouse.Admin.Editor

ColumnLayout {
    id: field

    required property ConfigDocument document
    //! Key path in the JSON, e.g. "session.maxAge" or "providers[0].clientSecret".
    required property string keyPath
    property string label
    //! "text", "secret", "url", "int", "bool" (default / yes / no) or "choice".
    property string kind: "text"
    //! For "choice": the values offered; an empty first entry stands for "not set".
    property var choices: []
    property string placeholder
    property string help

    readonly property var value: document.revision, document.value(keyPath)
    readonly property string problem: document.revision, document.problems, document.problemAt(keyPath)
    readonly property Item editor: loader.item

    spacing: 2
    Layout.fillWidth: true

    function store(text) {
        if (kind === "int" && /^-?\d+$/.test(text))
            document.setValue(keyPath, parseInt(text, 10))
        else
            document.setValue(keyPath, text)   // the loader names what is wrong with it
    }

    Label {
        text: field.label
        font.bold: true
        Layout.fillWidth: true
        elide: Text.ElideRight
    }
    Loader {
        id: loader
        Layout.fillWidth: true
        sourceComponent: field.kind === "bool" ? boolEditor
                       : field.kind === "choice" ? choiceEditor
                       : textEditor
    }
    Label {
        objectName: "problemLabel"
        visible: field.problem.length > 0
        text: field.problem
        color: "#d32f2f"
        wrapMode: Text.Wrap
        Layout.fillWidth: true
        Accessible.role: Accessible.AlertMessage
        Accessible.name: field.label + ": " + field.problem
    }
    Label {
        visible: field.help.length > 0
        text: field.help
        opacity: 0.7
        font.pixelSize: 12
        wrapMode: Text.Wrap
        Layout.fillWidth: true
    }

    Component {
        id: textEditor
        RowLayout {
            spacing: 4
            TextField {
                id: input
                objectName: "editor"
                Layout.fillWidth: true
                text: field.value === undefined ? "" : String(field.value)
                placeholderText: field.placeholder
                echoMode: field.kind === "secret" && !reveal.checked ? TextInput.Password : TextInput.Normal
                inputMethodHints: field.kind === "int" ? Qt.ImhDigitsOnly
                                : field.kind === "url" ? Qt.ImhUrlCharactersOnly : Qt.ImhNone
                selectByMouse: true
                onTextEdited: field.store(text)
                Accessible.name: field.label
                Accessible.description: field.problem
            }
            ToolButton {
                id: reveal
                visible: field.kind === "secret"
                checkable: true
                text: checked ? qsTr("Hide") : qsTr("Show")
                Accessible.name: checked ? qsTr("Hide %1").arg(field.label) : qsTr("Show %1").arg(field.label)
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Client secrets are masked; show this one")
            }
        }
    }
    Component {
        id: boolEditor
        ComboBox {
            objectName: "editor"
            model: [qsTr("Default"), qsTr("Yes"), qsTr("No")]
            currentIndex: field.value === true ? 1 : field.value === false ? 2 : 0
            onActivated: index => field.document.setValue(field.keyPath, index === 0 ? undefined : index === 1)
            Accessible.name: field.label
            Accessible.description: field.problem
        }
    }
    Component {
        id: choiceEditor
        ComboBox {
            objectName: "editor"
            model: field.choices.map(c => c === "" ? qsTr("Default") : c)
            currentIndex: Math.max(0, field.choices.indexOf(field.value === undefined ? "" : field.value))
            onActivated: index => field.document.setValue(field.keyPath, field.choices[index])
            Accessible.name: field.label
            Accessible.description: field.problem
        }
    }
}
