// Dashboard: counts, the 30-day chart of sign-ins and failures, the top providers.
import QtQuick
import QtQuick.Controls
import QtQuick.Controls.Material
import QtQuick.Layouts
import Gatehouse.Admin.Core

Pane {
    id: view
    required property AdminConnection connection
    readonly property bool ready: dashboard.loaded && !dashboard.busy
    readonly property alias model: dashboard

    DashboardModel {
        id: dashboard
        connection: view.connection
    }

    ColumnLayout {
        anchors.fill: parent
        anchors.margins: 8
        spacing: 16

        RowLayout {
            Layout.fillWidth: true
            Label {
                text: qsTr("Dashboard")
                font.pixelSize: 22
                font.bold: true
                Layout.fillWidth: true
            }
            BusyIndicator {
                running: dashboard.busy
                Layout.preferredHeight: 32
                Layout.preferredWidth: 32
            }
            Button {
                text: qsTr("Refresh")
                onClicked: dashboard.refresh()
                Accessible.name: qsTr("Refresh the dashboard")
            }
        }
        Label {
            visible: dashboard.errorString.length > 0
            text: dashboard.errorString
            color: "#d32f2f"
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }

        RowLayout {
            Layout.fillWidth: true
            spacing: 16
            StatCard { objectName: "userCount"; Layout.preferredWidth: 1; title: qsTr("Users"); value: dashboard.loaded ? dashboard.userCount : -1 }
            StatCard { Layout.preferredWidth: 1; title: qsTr("Active sessions"); value: dashboard.loaded ? dashboard.activeSessionCount : -1 }
            StatCard { Layout.preferredWidth: 1; title: qsTr("Sign-ins today"); value: dashboard.loaded ? dashboard.signInsToday : -1 }
            StatCard { Layout.preferredWidth: 1; title: qsTr("Failed sign-ins today"); value: dashboard.loaded ? dashboard.failuresToday : -1; accent: "#e53935" }
        }

        RowLayout {
            Layout.fillWidth: true
            Layout.fillHeight: true
            spacing: 16
            Pane {
                Layout.fillWidth: true
                Layout.fillHeight: true
                Material.elevation: 2
                DailyChart {
                    anchors.fill: parent
                    days: dashboard.days
                    maxValue: Math.max(1, dashboard.maxDaily)
                }
            }
            Pane {
                Layout.preferredWidth: 300
                Layout.fillHeight: true
                Material.elevation: 2
                ColumnLayout {
                    anchors.fill: parent
                    Label {
                        text: qsTr("Top providers, last 30 days")
                        font.bold: true
                    }
                    Label {
                        visible: dashboard.loaded && dashboard.topProviders.length === 0
                        text: qsTr("No sign-ins yet.")
                        opacity: 0.7
                    }
                    Repeater {
                        model: view.model.topProviders
                        delegate: ColumnLayout {
                            required property var modelData
                            Layout.fillWidth: true
                            spacing: 2
                            Accessible.role: Accessible.StaticText
                            Accessible.name: qsTr("%1: %2 sign-ins").arg(modelData.provider).arg(modelData.count)
                            RowLayout {
                                Label { text: modelData.provider; Layout.fillWidth: true; elide: Text.ElideRight }
                                Label { text: Number(modelData.count).toLocaleString(Qt.locale(), "f", 0) }
                            }
                            Rectangle {
                                Layout.fillWidth: true
                                implicitHeight: 6
                                radius: 3
                                color: Qt.rgba(Material.foreground.r, Material.foreground.g, Material.foreground.b, 0.12)
                                Rectangle {
                                    height: parent.height
                                    radius: 3
                                    color: Material.accent
                                    width: parent.width * modelData.count / Math.max(1, view.model.topProviders[0].count)
                                }
                            }
                        }
                    }
                    Item { Layout.fillHeight: true }
                }
            }
        }
    }
}
