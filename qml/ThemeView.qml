// Theme: colour scheme, brand colour, button text colour and logo of the built-in pages, with
// the server's own sign-in page as a live preview (rendered by Chromium, see ThemePreview).
import QtQuick
import QtQuick.Controls
import QtQuick.Controls.Material
import QtQuick.Dialogs
import QtQuick.Layouts
import Gatehouse.Admin
import Gatehouse.Admin.Editor

Pane {
    id: view
    required property ConfigDocument document
    property bool dark: false
    //! Renders only while shown.
    property bool active: true
    readonly property bool ready: document.loaded && !preview.busy && (preview.image.toString().length > 0 || preview.errorString.length > 0)
    readonly property alias preview: preview
    padding: 0

    ThemePreview {
        id: preview
        document: view.active ? view.document : null
        language: Language.current
        preferDark: view.dark
        viewportWidth: Math.max(480, Math.round(previewImage.width))
        viewportHeight: Math.max(480, Math.round(previewImage.height))
    }

    ColorDialog {
        id: colorDialog
        property string keyPath
        title: qsTr("Choose a colour")
        onAccepted: view.document.setValue(keyPath, selectedColor.toString())
    }
    FileDialog {
        id: logoDialog
        title: qsTr("Choose a logo")
        nameFilters: [qsTr("Images (*.svg *.png *.jpg *.jpeg *.gif *.webp)")]
        onAccepted: view.document.setValue("theme.logo", decodeURIComponent(selectedFile.toString().replace(/^file:\/\//, "")))
    }

    component ColourField: RowLayout {
        id: colourField
        property string keyPath
        property string label
        property string placeholder: "#346df1"
        spacing: 8
        Layout.fillWidth: true
        ConfigField {
            id: colourText
            document: view.document
            keyPath: colourField.keyPath
            label: colourField.label
            placeholder: colourField.placeholder
            Layout.fillWidth: true
        }
        Button {
            Layout.alignment: Qt.AlignVCenter
            implicitWidth: 48
            Accessible.name: qsTr("Pick %1").arg(colourField.label)
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Pick a colour")
            onClicked: {
                colorDialog.keyPath = colourField.keyPath
                if (colourText.value)
                    colorDialog.selectedColor = colourText.value
                colorDialog.open()
            }
            contentItem: Rectangle {
                radius: 4
                border.color: Material.foreground
                border.width: 1
                color: colourText.value ? colourText.value : "transparent"
            }
        }
    }

    RowLayout {
        anchors.fill: parent
        spacing: 0

        Pane {
            Layout.preferredWidth: 380
            Layout.fillHeight: true
            Material.elevation: 1
            ColumnLayout {
                anchors.fill: parent
                spacing: 14
                Label {
                    text: qsTr("Theme")
                    font.pixelSize: 22
                    font.bold: true
                }
                Label {
                    text: qsTr("How the server's sign-in, sign-out and error pages look. Save in the configuration view or here.")
                    wrapMode: Text.Wrap
                    opacity: 0.75
                    Layout.fillWidth: true
                }
                ColumnLayout {
                    visible: view.document.loaded
                    Layout.fillWidth: true
                    spacing: 14
                    ConfigField {
                        objectName: "colorSchemeField"
                        document: view.document
                        keyPath: "theme.colorScheme"
                        label: qsTr("Colour scheme")
                        kind: "choice"
                        choices: ["", "auto", "light", "dark"]
                    }
                    ColourField { objectName: "brandColorField"; keyPath: "theme.brandColor"; label: qsTr("Brand colour") }
                    ColourField { keyPath: "theme.buttonText"; label: qsTr("Button text colour"); placeholder: "#ffffff" }
                    RowLayout {
                        Layout.fillWidth: true
                        ConfigField {
                            objectName: "logoField"
                            document: view.document
                            keyPath: "theme.logo"
                            label: qsTr("Logo (URL or path on the site)")
                            placeholder: "https://example.com/logo.svg"
                            Layout.fillWidth: true
                        }
                        Button {
                            text: qsTr("File…")
                            onClicked: logoDialog.open()
                            Accessible.name: qsTr("Choose a logo file")
                        }
                    }
                    RowLayout {
                        Button {
                            objectName: "themeSaveButton"
                            text: qsTr("Save")
                            highlighted: true
                            background: AccentBackground {}
                            enabled: view.document.modified && view.document.errorCount === 0
                            onClicked: view.document.save()
                            Accessible.name: qsTr("Save the configuration")
                        }
                        Button {
                            text: qsTr("Refresh preview")
                            onClicked: preview.refresh()
                            Accessible.name: qsTr("Refresh the preview")
                        }
                    }
                    Label {
                        visible: view.document.errorString.length > 0
                        text: view.document.errorString
                        color: "#d32f2f"
                        wrapMode: Text.Wrap
                        Layout.fillWidth: true
                    }
                }
                Label {
                    visible: !view.document.loaded
                    text: qsTr("Open a configuration file (Configuration view) to edit its theme.")
                    wrapMode: Text.Wrap
                    Layout.fillWidth: true
                }
                Item { Layout.fillHeight: true }
                Label {
                    text: preview.browser.length > 0
                          ? qsTr("Preview: the server's sign-in page, drawn by %1 in %2 ms.").arg(preview.browser).arg(preview.renderMilliseconds)
                          : ""
                    font.pixelSize: 11
                    opacity: 0.6
                    wrapMode: Text.Wrap
                    Layout.fillWidth: true
                }
            }
        }

        Item {
            Layout.fillWidth: true
            Layout.fillHeight: true
            Rectangle {
                anchors.fill: parent
                anchors.margins: 16
                color: "transparent"
                border.color: Material.foreground
                border.width: 1
                opacity: 0.2
            }
            Image {
                id: previewImage
                objectName: "previewImage"
                anchors.fill: parent
                anchors.margins: 17
                source: preview.image
                cache: false
                asynchronous: true
                fillMode: Image.PreserveAspectFit
                Accessible.role: Accessible.Graphic
                Accessible.name: qsTr("Preview of the sign-in page")
            }
            BusyIndicator {
                anchors.centerIn: parent
                running: preview.busy
            }
            Label {
                objectName: "previewError"
                anchors.centerIn: parent
                width: parent.width - 80
                visible: preview.errorString.length > 0
                text: preview.errorString
                color: "#d32f2f"
                wrapMode: Text.Wrap
                horizontalAlignment: Text.AlignHCenter
                Accessible.role: Accessible.AlertMessage
                Accessible.name: text
            }
        }
    }
}
