// The OpenID Provider's clients as the configuration names them (read-only): who may sign in
// to which app, how, and where its back-channel logout goes.
import QtQuick
import QtQuick.Controls
import QtQuick.Controls.Material
import QtQuick.Layouts
import Gatehouse.Admin.Core

Pane {
    id: view
    required property AdminConnection connection
    readonly property alias clients: clients
    readonly property bool ready: !clients.busy

    OidcClientsModel {
        id: clients
        connection: view.connection
    }

    ColumnLayout {
        anchors.fill: parent
        anchors.margins: 8
        spacing: 10

        RowLayout {
            Layout.fillWidth: true
            Label {
                text: qsTr("OpenID clients")
                font.pixelSize: 22
                font.bold: true
                Layout.fillWidth: true
            }
            BusyIndicator { running: clients.busy; Layout.preferredWidth: 32; Layout.preferredHeight: 32 }
            Button {
                text: qsTr("Reload")
                onClicked: clients.reload()
                Accessible.name: qsTr("Read the clients again")
            }
        }
        Label {
            objectName: "clientsSource"
            text: clients.errorString.length > 0 ? clients.errorString
                  : clients.source.length === 0 ? qsTr("Opened by a database URL: there is no configuration file to read the clients from.")
                  : !clients.configured ? qsTr("%1 has no \"oidcProvider\": Gatehouse is not an OpenID Provider there.").arg(clients.source)
                  : qsTr("From %1. Change them in the configuration.").arg(clients.source)
            color: clients.errorString.length > 0 ? "#d32f2f" : Material.foreground
            opacity: clients.errorString.length > 0 ? 1 : 0.7
            wrapMode: Text.Wrap
            Layout.fillWidth: true
            Accessible.role: clients.errorString.length > 0 ? Accessible.AlertMessage : Accessible.StaticText
            Accessible.name: text
        }
        Label {
            visible: clients.configured && clients.count === 0
            text: qsTr("No clients are configured (oidcProvider.clients).")
            opacity: 0.7
        }

        ListView {
            id: list
            objectName: "clientsList"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            spacing: 8
            model: clients
            ScrollBar.vertical: ScrollBar {}
            delegate: Frame {
                id: card
                required property string clientId
                required property string name
                required property string kind
                required property string consentText
                required property var redirectUris
                required property var postLogoutRedirectUris
                required property var scopes
                required property string access
                required property string backchannelLogoutUri
                required property string idTokenSignedResponseAlg
                objectName: "client_" + clientId
                width: ListView.view.width
                GridLayout {
                    anchors.fill: parent
                    columns: 2
                    columnSpacing: 12
                    rowSpacing: 2
                    Label {
                        objectName: "clientTitle"
                        Layout.columnSpan: 2
                        text: card.name === card.clientId ? card.clientId : qsTr("%1 (%2)").arg(card.name).arg(card.clientId)
                        font.bold: true
                        font.pixelSize: 16
                    }
                    Label { text: qsTr("Kind"); opacity: 0.7 }
                    Label { objectName: "clientKind"; text: card.kind; Layout.fillWidth: true }
                    Label { text: qsTr("Consent"); opacity: 0.7 }
                    Label { objectName: "clientConsent"; text: card.consentText; Layout.fillWidth: true }
                    Label { text: qsTr("Who may sign in"); opacity: 0.7 }
                    Label { objectName: "clientAccess"; text: card.access; wrapMode: Text.Wrap; Layout.fillWidth: true }
                    Label { text: qsTr("Scopes"); opacity: 0.7 }
                    Label { objectName: "clientScopes"; text: card.scopes.join(" "); wrapMode: Text.Wrap; Layout.fillWidth: true }
                    Label { text: qsTr("Redirect URIs"); opacity: 0.7; Layout.alignment: Qt.AlignTop }
                    Label {
                        objectName: "clientRedirectUris"
                        text: card.redirectUris.length > 0 ? card.redirectUris.join("\n") : "–"
                        wrapMode: Text.WrapAnywhere
                        Layout.fillWidth: true
                    }
                    Label { visible: card.postLogoutRedirectUris.length > 0; text: qsTr("After logout"); opacity: 0.7; Layout.alignment: Qt.AlignTop }
                    Label {
                        visible: card.postLogoutRedirectUris.length > 0
                        text: card.postLogoutRedirectUris.join("\n")
                        wrapMode: Text.WrapAnywhere
                        Layout.fillWidth: true
                    }
                    Label { text: qsTr("Back-channel logout"); opacity: 0.7 }
                    Label {
                        objectName: "clientBackchannel"
                        text: card.backchannelLogoutUri.length > 0 ? card.backchannelLogoutUri : qsTr("none")
                        wrapMode: Text.WrapAnywhere
                        Layout.fillWidth: true
                    }
                    Label { text: qsTr("ID tokens"); opacity: 0.7 }
                    Label { text: card.idTokenSignedResponseAlg; Layout.fillWidth: true }
                }
            }
        }
    }
}
