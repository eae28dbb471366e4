// Configuration: the gatehouse-server JSON file, section by section. Every problem the server's
// loader finds is shown at its field; saving writes the file atomically and keeps a .bak.
import QtQuick
import QtQuick.Controls
import QtQuick.Controls.Material
import QtQuick.Dialogs
import QtQuick.Layouts
import Gatehouse.Admin.Editor

Pane {
    id: view
    required property ConfigDocument document
    readonly property bool ready: document.loaded
    property string message
    padding: 0

    FileDialog {
        id: openDialog
        title: qsTr("Open a gatehouse-server configuration")
        nameFilters: [qsTr("JSON files (*.json)"), qsTr("All files (*)")]
        onAccepted: view.document.open(selectedFile)
    }
    ConfirmDialog {
        id: forceSave
        parent: Overlay.overlay
        title: qsTr("Save with errors?")
        message: qsTr("gatehouse-server will refuse this configuration until the errors are fixed. Save anyway?")
        confirmText: qsTr("Save anyway")
        onConfirmed: view.document.save(true)
    }
    // A save to a server ends when it answers: the message follows the document, not the click.
    Connections {
        target: view.document
        function onSaved() { view.message = qsTr("Saved. gatehouse-server reloads the file by itself.") }
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        // File bar: which file, its state, save and revert.
        Pane {
            Layout.fillWidth: true
            Material.elevation: 1
            RowLayout {
                anchors.fill: parent
                spacing: 10
                ColumnLayout {
                    spacing: 0
                    Layout.fillWidth: true
                    Label {
                        text: qsTr("Configuration")
                        font.pixelSize: 22
                        font.bold: true
                    }
                    Label {
                        objectName: "configPath"
                        text: view.document.loaded ? view.document.filePath + (view.document.modified ? " " + qsTr("(modified)") : "")
                                                   : qsTr("No configuration file open.")
                        opacity: 0.75
                        elide: Text.ElideMiddle
                        Layout.fillWidth: true
                    }
                }
                Label {
                    objectName: "problemSummary"
                    visible: view.document.loaded
                    text: view.document.errorCount === 0 && view.document.warningCount === 0 ? qsTr("No problems")
                          : qsTr("%n error(s)", "", view.document.errorCount) + ", " + qsTr("%n warning(s)", "", view.document.warningCount)
                    color: view.document.errorCount > 0 ? "#d32f2f" : Material.foreground
                }
                Button {
                    text: qsTr("Open…")
                    onClicked: openDialog.open()
                    Accessible.name: qsTr("Open a configuration file")
                }
                Button {
                    text: qsTr("Revert")
                    enabled: view.document.modified && view.document.loaded
                    onClicked: view.document.revert()
                    Accessible.name: qsTr("Revert to the saved file")
                }
                Button {
                    objectName: "saveButton"
                    text: qsTr("Save")
                    highlighted: true
                    background: AccentBackground {}
                    enabled: view.document.loaded && view.document.modified && !view.document.busy
                    onClicked: {
                        if (view.document.errorCount > 0)
                            forceSave.open()
                        else
                            view.document.save()
                    }
                    Accessible.name: qsTr("Save the configuration")
                }
            }
        }
        Label {
            Layout.fillWidth: true
            Layout.margins: 8
            visible: text.length > 0
            text: view.document.errorString.length > 0 ? view.document.errorString : view.message
            color: view.document.errorString.length > 0 ? "#d32f2f" : Material.accent
            wrapMode: Text.Wrap
            Accessible.role: Accessible.AlertMessage
            Accessible.name: text
        }

        ScrollView {
            id: scroll
            Layout.fillWidth: true
            Layout.fillHeight: true
            visible: view.document.loaded
            contentWidth: availableWidth
            clip: true

            ColumnLayout {
                width: scroll.availableWidth - 32
                x: 16
                spacing: 16

                Item { height: 4 }
                GroupBox {
                    title: qsTr("General")
                    Layout.fillWidth: true
                    GridLayout {
                        anchors.fill: parent
                        columns: 3
                        columnSpacing: 16
                        ConfigField { document: view.document; keyPath: "basePath"; label: qsTr("Base path"); placeholder: "/auth"
                                      objectName: "basePathField"; Layout.preferredWidth: 1 }
                        ConfigField { document: view.document; keyPath: "trustHost"; label: qsTr("Trust the Host header"); kind: "bool"
                                      Layout.preferredWidth: 1 }
                        ConfigField { document: view.document; keyPath: "useSecureCookies"; label: qsTr("Secure cookies"); kind: "bool"
                                      help: qsTr("Default: on for https URLs"); Layout.preferredWidth: 1 }
                    }
                }

                GroupBox {
                    title: qsTr("Session")
                    Layout.fillWidth: true
                    GridLayout {
                        anchors.fill: parent
                        columns: 3
                        columnSpacing: 16
                        ConfigField { document: view.document; keyPath: "session.strategy"; label: qsTr("Strategy"); kind: "choice"
                                      choices: ["", "jwt", "database"]; objectName: "strategyField"; Layout.preferredWidth: 1 }
                        ConfigField { document: view.document; keyPath: "session.maxAge"; label: qsTr("Maximum age (seconds)"); kind: "int"
                                      placeholder: "2592000"; objectName: "maxAgeField"; Layout.preferredWidth: 1 }
                        ConfigField { document: view.document; keyPath: "session.updateAge"; label: qsTr("Update age (seconds)"); kind: "int"
                                      placeholder: "86400"; Layout.preferredWidth: 1 }
                    }
                }

                GroupBox {
                    id: providersBox
                    title: qsTr("Providers (%1)").arg(view.document.providerCount)
                    Layout.fillWidth: true
                    ColumnLayout {
                        anchors.fill: parent
                        spacing: 12
                        RowLayout {
                            Layout.fillWidth: true
                            ComboBox {
                                id: catalogue
                                objectName: "catalogueBox"
                                Layout.preferredWidth: 240
                                model: view.document.builtinProviderIds
                                Accessible.name: qsTr("Built-in provider")
                            }
                            Button {
                                objectName: "addBuiltinButton"
                                text: qsTr("Add built-in")
                                onClicked: view.document.addBuiltinProvider(catalogue.currentText)
                                Accessible.name: qsTr("Add the built-in provider %1").arg(catalogue.currentText)
                            }
                            Item { Layout.preferredWidth: 24 }
                            ComboBox {
                                id: customType
                                Layout.preferredWidth: 160
                                model: view.document.providerTypes
                                Accessible.name: qsTr("Type of a custom provider")
                            }
                            Button {
                                text: qsTr("Add custom")
                                onClicked: view.document.addCustomProvider(customType.currentText)
                                Accessible.name: qsTr("Add a custom %1 provider").arg(customType.currentText)
                            }
                            Item { Layout.fillWidth: true }
                        }
                        Label {
                            readonly property string problem: view.document.revision, view.document.problems, view.document.problemAt("providers")
                            visible: problem.length > 0
                            text: problem
                            color: "#d32f2f"
                        }
                        Repeater {
                            objectName: "providerRepeater"
                            model: view.document.providerCount
                            delegate: Frame {
                                id: providerFrame
                                required property int index
                                readonly property string path: "providers[" + index + "]"
                                readonly property string type: view.document.revision, view.document.providerType(index)
                                readonly property var fields: view.document.revision, view.document.providerFields(index)
                                readonly property string other: {
                                    view.document.revision
                                    // Problems below this provider that no field shows (unknown keys, ...).
                                    const shown = fields.map(f => path + "." + f.key)
                                    return view.document.problems.filter(p => (p.path === path || p.path.startsWith(path + "."))
                                                                              && shown.indexOf(p.path) < 0)
                                                                 .map(p => p.text).join("\n")
                                }
                                Layout.fillWidth: true
                                ColumnLayout {
                                    anchors.fill: parent
                                    RowLayout {
                                        Layout.fillWidth: true
                                        Label {
                                            text: view.document.revision, view.document.providerTitle(providerFrame.index)
                                            font.bold: true
                                            font.pixelSize: 16
                                        }
                                        Label {
                                            text: (view.document.revision, view.document.isBuiltinProvider(providerFrame.index))
                                                  ? qsTr("built-in, %1").arg(providerFrame.type) : providerFrame.type
                                            opacity: 0.7
                                            Layout.fillWidth: true
                                        }
                                        Button {
                                            text: qsTr("Remove")
                                            flat: true
                                            onClicked: view.document.removeProvider(providerFrame.index)
                                            Accessible.name: qsTr("Remove the provider %1").arg(view.document.providerTitle(providerFrame.index))
                                        }
                                    }
                                    GridLayout {
                                        Layout.fillWidth: true
                                        columns: 3
                                        columnSpacing: 16
                                        Repeater {
                                            model: providerFrame.fields
                                            delegate: ConfigField {
                                                required property var modelData
                                                document: view.document
                                                keyPath: providerFrame.path + "." + modelData.key
                                                label: modelData.label
                                                kind: modelData.kind === "type" ? "choice" : modelData.kind
                                                choices: modelData.kind === "type" ? view.document.providerTypes : []
                                                placeholder: modelData.placeholder
                                                Layout.preferredWidth: 1
                                            }
                                        }
                                    }
                                    Label {
                                        visible: providerFrame.other.length > 0
                                        text: providerFrame.other
                                        color: "#d32f2f"
                                        wrapMode: Text.Wrap
                                        Layout.fillWidth: true
                                    }
                                }
                            }
                        }
                    }
                }

                GroupBox {
                    title: qsTr("Pages")
                    Layout.fillWidth: true
                    GridLayout {
                        anchors.fill: parent
                        columns: 3
                        columnSpacing: 16
                        Repeater {
                            model: [["signIn", qsTr("Sign-in page")], ["signOut", qsTr("Sign-out page")],
                                    ["error", qsTr("Error page")], ["verifyRequest", qsTr("Verify-request page")],
                                    ["newUser", qsTr("New-user page")], ["twoFactor", qsTr("Two-factor code page")]]
                            delegate: ConfigField {
                                required property var modelData
                                document: view.document
                                keyPath: "pages." + modelData[0]
                                label: modelData[1]
                                placeholder: qsTr("built-in page")
                                Layout.preferredWidth: 1
                            }
                        }
                    }
                }

                GroupBox {
                    title: qsTr("Cookies")
                    Layout.fillWidth: true
                    GridLayout {
                        anchors.fill: parent
                        columns: 3
                        columnSpacing: 16
                        Repeater {
                            model: [["sessionToken", qsTr("Session cookie name")], ["csrfToken", qsTr("CSRF cookie name")],
                                    ["callbackUrl", qsTr("Callback URL cookie name")]]
                            delegate: ConfigField {
                                required property var modelData
                                document: view.document
                                keyPath: "cookies." + modelData[0] + ".name"
                                label: modelData[1]
                                placeholder: qsTr("default name")
                                Layout.preferredWidth: 1
                            }
                        }
                    }
                }

                GroupBox {
                    title: qsTr("Rate limits")
                    Layout.fillWidth: true
                    GridLayout {
                        anchors.fill: parent
                        columns: 3
                        columnSpacing: 16
                        ConfigField { document: view.document; keyPath: "rateLimit.enabled"; label: qsTr("Enabled"); kind: "bool"; Layout.preferredWidth: 1 }
                        ConfigField { document: view.document; keyPath: "rateLimit.maxFailuresPerIdentifier"; kind: "int"
                                      label: qsTr("Failures per account"); placeholder: "5"; Layout.preferredWidth: 1 }
                        ConfigField { document: view.document; keyPath: "rateLimit.maxFailuresPerAddress"; kind: "int"
                                      label: qsTr("Failures per client address"); placeholder: "30"; Layout.preferredWidth: 1 }
                        ConfigField { document: view.document; keyPath: "rateLimit.windowSeconds"; kind: "int"
                                      label: qsTr("Window (seconds)"); placeholder: "900"; Layout.preferredWidth: 1 }
                        ConfigField { document: view.document; keyPath: "rateLimit.identifierField"
                                      label: qsTr("Account field of the form"); placeholder: "username"; Layout.preferredWidth: 1 }
                    }
                }

                GroupBox {
                    title: qsTr("Access rules (forward authentication)")
                    Layout.fillWidth: true
                    AccessTester {
                        id: access
                        document: view.document
                    }
                    ColumnLayout {
                        anchors.fill: parent
                        Label {
                            text: access.rules.length === 0 ? qsTr("No rules: what applies otherwise applies to every request.")
                                                            : qsTr("The first rule that matches decides.")
                            opacity: 0.75
                            wrapMode: Text.Wrap
                            Layout.fillWidth: true
                        }
                        Repeater {
                            model: access.rules
                            delegate: Label {
                                required property var modelData
                                objectName: "accessRule" + modelData.index
                                text: qsTr("%1. Hosts: %2 · paths: %3 · methods: %4 → %5")
                                      .arg(modelData.index + 1).arg(modelData.hosts).arg(modelData.paths)
                                      .arg(modelData.methods).arg(modelData.policy)
                                wrapMode: Text.Wrap
                                Layout.fillWidth: true
                            }
                        }
                        Label {
                            objectName: "accessDefault"
                            text: qsTr("Otherwise: %1").arg(access.defaultPolicy)
                            wrapMode: Text.Wrap
                            Layout.fillWidth: true
                        }
                        // Would this person be let through? The server's own decision, and which rule gave it.
                        Label {
                            text: qsTr("Try a request")
                            font.bold: true
                            Layout.topMargin: 8
                        }
                        RowLayout {
                            Layout.fillWidth: true
                            ComboBox {
                                id: tryMethod
                                objectName: "accessTryMethod"
                                model: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]
                                Accessible.name: qsTr("Method")
                            }
                            TextField {
                                id: tryUrl
                                objectName: "accessTryUrl"
                                placeholderText: "https://app.example.test/path"
                                Layout.fillWidth: true
                                Accessible.name: qsTr("URL")
                            }
                        }
                        RowLayout {
                            Layout.fillWidth: true
                            TextField {
                                id: tryUser
                                objectName: "accessTryUser"
                                placeholderText: qsTr("e-mail address (empty: not signed in)")
                                Layout.fillWidth: true
                                Accessible.name: qsTr("User")
                            }
                            TextField {
                                id: tryGroups
                                objectName: "accessTryGroups"
                                placeholderText: qsTr("groups, separated by commas")
                                Layout.fillWidth: true
                                Accessible.name: qsTr("Groups")
                            }
                        }
                        Label {
                            objectName: "accessTryResult"
                            // Depends on the rules too, so an edit of them shows its effect at once, and
                            // on the server's answers (over a server connection).
                            readonly property var decision: tryUrl.text.length === 0 ? null
                                : (access.rules, access.answers, access.decide(tryUrl.text, tryMethod.currentText, tryUser.text, tryGroups.text))
                            visible: decision !== null
                            text: decision ? decision.text : ""
                            color: !decision || !decision.valid ? "#ef6c00"
                                   : decision.outcome === "allowed" ? "#2e7d32" : "#d32f2f"
                            wrapMode: Text.Wrap
                            Layout.fillWidth: true
                        }
                    }
                }

                GroupBox {
                    title: qsTr("All problems")
                    Layout.fillWidth: true
                    visible: view.document.problems.length > 0
                    ColumnLayout {
                        anchors.fill: parent
                        Repeater {
                            model: view.document.problems
                            delegate: Label {
                                required property var modelData
                                text: (modelData.severity === "error" ? qsTr("Error") : qsTr("Warning")) + ": " + modelData.text
                                color: modelData.severity === "error" ? "#d32f2f" : "#ef6c00"
                                wrapMode: Text.Wrap
                                Layout.fillWidth: true
                            }
                        }
                    }
                }
                Item { height: 16 }
            }
        }

        ColumnLayout {
            visible: !view.document.loaded
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.margins: 24
            Label {
                text: qsTr("Open the gatehouse-server configuration file to edit it. Connecting with a configuration file opens it here too.")
                wrapMode: Text.Wrap
                Layout.fillWidth: true
            }
            Button {
                text: qsTr("Open…")
                highlighted: true
                background: AccentBackground {}
                onClicked: openDialog.open()
                Accessible.name: qsTr("Open a configuration file")
            }
            Item { Layout.fillHeight: true }
        }
    }
}
