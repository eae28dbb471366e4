// Sign-ins (bars) and failures (line) per day over the last 30 days, drawn with Qt Quick Shapes.
import QtQuick
import QtQuick.Controls
import QtQuick.Controls.Material
import QtQuick.Layouts
import QtQuick.Shapes

ColumnLayout {
    id: chart
    //! [{date, label, signIns, failures}], oldest first.
    property var days: []
    property real maxValue: 1
    property color signInColor: Material.accent
    property color failureColor: "#e53935"

    Accessible.role: Accessible.Chart
    Accessible.name: qsTr("Sign-ins and failures per day, last 30 days")

    RowLayout {
        Layout.fillWidth: true
        Label {
            text: qsTr("Sign-ins and failures, last 30 days")
            font.bold: true
            Layout.fillWidth: true
        }
        Rectangle { width: 12; height: 12; color: chart.signInColor }
        Label { text: qsTr("Sign-ins") }
        Rectangle { width: 12; height: 3; color: chart.failureColor }
        Label { text: qsTr("Failures") }
    }

    Item {
        id: plot
        Layout.fillWidth: true
        Layout.fillHeight: true
        Layout.minimumHeight: 120
        Layout.leftMargin: 28
        readonly property real slot: chart.days.length > 0 ? width / chart.days.length : width
        readonly property real plotHeight: height - 20

        // Grid: top, middle and the base line, with their values.
        Repeater {
            model: 3
            delegate: Item {
                required property int index
                y: plot.plotHeight * index / 2
                width: plot.width
                Rectangle { width: parent.width; height: 1; color: Material.foreground; opacity: 0.15 }
                Label {
                    text: Math.round(chart.maxValue * (2 - parent.index) / 2)
                    font.pixelSize: 10
                    opacity: 0.6
                    x: -width - 4
                    y: -height / 2
                }
            }
        }

        Repeater {
            model: chart.days
            delegate: Item {
                required property var modelData
                required property int index
                x: index * plot.slot
                width: plot.slot
                height: plot.height
                Rectangle {
                    anchors.horizontalCenter: parent.horizontalCenter
                    width: Math.max(2, plot.slot * 0.6)
                    height: plot.plotHeight * modelData.signIns / chart.maxValue
                    y: plot.plotHeight - height
                    color: chart.signInColor
                    radius: 2
                }
                Label {
                    visible: index % 5 === 4 || index === 0
                    text: modelData.label
                    font.pixelSize: 10
                    opacity: 0.7
                    anchors.horizontalCenter: parent.horizontalCenter
                    y: plot.plotHeight + 4
                }
                ToolTip.visible: hover.hovered
                ToolTip.text: qsTr("%1: %2 sign-ins, %3 failures").arg(modelData.label).arg(modelData.signIns).arg(modelData.failures)
                HoverHandler { id: hover }
            }
        }

        Shape {
            anchors.fill: parent
            visible: chart.days.length > 1
            ShapePath {
                strokeColor: chart.failureColor
                strokeWidth: 2
                fillColor: "transparent"
                joinStyle: ShapePath.RoundJoin
                PathPolyline {
                    path: chart.days.map((d, i) => Qt.point((i + 0.5) * plot.slot,
                                                             plot.plotHeight - plot.plotHeight * d.failures / chart.maxValue))
                }
            }
        }
    }
}
